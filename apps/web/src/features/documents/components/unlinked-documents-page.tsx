import { useState, type FormEvent } from 'react';
import type { LinkCandidate, UnlinkedDocument } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { StaffList } from '../../../components/ui/staff-list.js';
import { useListSearch } from '../../../components/ui/use-list-search.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { translateMessage, useLanguage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useLinkCandidates } from '../api/get-link-candidates.js';
import { useUnlinkedDocuments } from '../api/get-unlinked-documents.js';
import { useLinkDocument } from '../api/link-document.js';
import { formatDateTime } from '@clinica/shared';
import '../documents.css';

/**
 * One unlinked document's "link to a patient": the administrator types the cédula they checked on
 * the person's identity document, sees the account(s) holding it, and confirms one. The server
 * checks the cédula again (against the account and the document) and audits the link.
 */
function LinkForm({ doc, onDone }: { doc: UnlinkedDocument; onDone: () => void }) {
  const { t } = useTranslation('documents');
  const messages = useMessages();
  // Empty on purpose: the administrator types what they read on the identity document, not what the form said.
  const [cedula, setCedula] = useState('');
  const [error, setError] = useState<string | undefined>();
  const candidates = useLinkCandidates();
  const [chosen, setChosen] = useState<LinkCandidate | null>(null);
  const link = useLinkDocument();

  const find = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    candidates.reset();
    try {
      await candidates.mutateAsync({ id: doc.id, cedula: cedula.trim() });
    } catch (err) {
      setError(err instanceof ApiError ? translateMessage(err.errors.cedula ?? err.message) : messages.loadFailed);
    }
  };

  const confirm = async () => {
    if (!chosen) return;
    try {
      const res = await link.mutateAsync({ id: doc.id, pacienteId: chosen.id, cedula: cedula.trim() });
      setChosen(null);
      await showAlert(`${translateMessage(res.message)} ${res.paciente}`);
      onDone();
    } catch (err) {
      setChosen(null);
      await showAlert(messageOf(err, messages.loadFailed));
    }
  };

  return (
    <form className="documents-link" onSubmit={(e) => void find(e)} noValidate>
      <Field label={t('unlinked.cedula')} hint={t('unlinked.cedulaHint')} error={error} required>
        {(control) => <input {...control} type="text" value={cedula} maxLength={30} autoComplete="off" onChange={(e) => setCedula(e.currentTarget.value)} />}
      </Field>
      <Button type="submit" variant="secondary" busy={candidates.isPending}>
        {t('unlinked.find')}
      </Button>
      {candidates.data ? (
        <ul className="documents-suggestions" aria-label={t('unlinked.accounts')}>
          {candidates.data.map((c) => (
            <li key={c.id}>
              <Button variant="secondary" className="documents-suggestion" onClick={() => setChosen(c)}>
                {t('unlinked.choose', { name: `${c.nombre} ${c.apellido}`, correo: c.correo })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {chosen ? (
        <Modal title={t('unlinked.confirmTitle')} onClose={() => setChosen(null)} size="sm">
          <p>
            {t('unlinked.confirmText', {
              document: doc.nombre_pdf,
              name: `${chosen.nombre} ${chosen.apellido}`,
              cedula: chosen.cedula,
              correo: chosen.correo,
            })}
          </p>
          <div className="documents-confirm-actions">
            <Button onClick={() => void confirm()} busy={link.isPending} data-autofocus>
              {t('unlinked.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setChosen(null)}>
              {t('unlinked.cancel')}
            </Button>
          </div>
        </Modal>
      ) : null}
    </form>
  );
}

/**
 * /Documentos_Admin: documents issued to a person without an account (or before documents were
 * bound to accounts) that no patient area shows, each with its "link to a patient" action.
 */
export function UnlinkedDocumentsPage() {
  const { t } = useTranslation('documents');
  const messages = useMessages();
  const language = useLanguage();
  const { name, pages, search } = useListSearch();
  const documents = useUnlinkedDocuments(name, pages.cursor);
  const [open, setOpen] = useState<string | null>(null);

  return (
    <div className="documents-page">
      <h1>{t('unlinked.title')}</h1>
      <p className="documents-intro">{t('unlinked.intro')}</p>
      <StaffList
        layout="cards"
        caption={t('unlinked.title')}
        listClassName="documents-cards"
        rowClassName={() => 'documents-card documents-card-unlinked'}
        list={documents}
        pages={pages}
        search={search}
        emptyText={messages.noTableData}
        errorFallback={messages.loadFailed}
        rowKey={(d) => d.id}
        renderRow={(d) => (
          <>
            <div>
              <p className="documents-card-title">{t(`titles.${d.tipo}`)}</p>
              <p className="documents-card-meta">
                {formatDateTime(d.created_at, language)} · {d.doctor} · {t('patientPage.code')} <span className="documents-code">{d.codigo}</span>
              </p>
              <dl className="documents-card-facts">
                <dt>{t('unlinked.name')}</dt>
                <dd>{d.nombre_paciente || d.nombre_pdf}</dd>
                <dt>{t('unlinked.cedulaOnDocument')}</dt>
                <dd>{d.cedula_paciente || t('unlinked.noCedula')}</dd>
                <dt>{t('unlinked.email')}</dt>
                <dd>{d.correoPaciente || '—'}</dd>
              </dl>
            </div>
            {open === d.id ? (
              <LinkForm doc={d} onDone={() => setOpen(null)} />
            ) : (
              <Button variant="secondary" onClick={() => setOpen(d.id)} aria-label={t('unlinked.linkLabel', { title: t(`titles.${d.tipo}`), code: d.codigo })}>
                {t('unlinked.link')}
              </Button>
            )}
          </>
        )}
      />
    </div>
  );
}
