import { useState, type FormEvent } from 'react';
import { Link } from '../../../lib/router.js';
import { DOCUMENT_PAGES, annulDocumentSchema, type DoctorDocument, type DocumentType } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useLanguage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useAnnulDocument } from '../api/annul-document.js';
import { useDownloadDocument } from '../api/download-document.js';
import { useDocuments } from '../api/get-documents.js';
import { saveFile } from '../api/pdf-request.js';
import { formatDateTime } from '@clinica/shared';

/** staff.md, section 9: the empty state spans 8 columns. */
const EMPTY_COLSPAN = 8;

/**
 * The table of previously generated files under each form: file name, number, creation date, a
 * download button (or 'No disponible'), its state, and 'Anular' / 'Reemplazar' (decision 0041);
 * 'No hay datos disponibles' when there are none.
 */
export function DocumentsTable({ tipo }: { tipo: DocumentType }) {
  const { t } = useTranslation('documents');
  const messages = useMessages();
  const language = useLanguage();
  const documents = useDocuments(tipo);
  const download = useDownloadDocument();

  const onDownload = async (id: string) => {
    try {
      saveFile(await download.mutateAsync({ tipo, id }));
    } catch (error) {
      await showAlert(messageOf(error, messages.loadFailed));
    }
  };

  if (documents.isPending) return <p>{messages.loading}</p>;
  if (documents.isError) {
    return (
      <p role="alert" className="documents-error">
        {messages.loadFailed}
      </p>
    );
  }
  return (
    <div className="documents-table-wrap" tabIndex={0} role="region" aria-label={t('table.regionLabel', { title: t(`titles.${tipo}`) })}>
      <table className="documents-table">
        <thead>
          <tr>
            <th scope="col">{t('table.fileName')}</th>
            <th scope="col">{t('table.number')}</th>
            <th scope="col">{t('table.created')}</th>
            <th scope="col">{t('table.code')}</th>
            <th scope="col">{t('table.download')}</th>
            <th scope="col">{t('table.state')}</th>
          </tr>
        </thead>
        <tbody>
          {documents.data.length === 0 ? (
            <tr>
              <td colSpan={EMPTY_COLSPAN}>{messages.noTableData}</td>
            </tr>
          ) : (
            documents.data.map((d) => (
              <tr key={d.id}>
                <td className="documents-filename">{d.nombre_pdf}</td>
                <td className="documents-code">{d.numero ?? ''}</td>
                <td>{formatDateTime(d.created_at, language)}</td>
                <td className="documents-code">{d.codigo}</td>
                <td>
                  {d.disponible ? (
                    <Button variant="secondary" onClick={() => void onDownload(d.id)} aria-label={t('table.downloadLabel', { name: d.nombre_pdf })}>
                      {t('table.downloadButton')}
                    </Button>
                  ) : (
                    messages.unavailable
                  )}
                </td>
                <td>
                  <DocumentState tipo={tipo} document={d} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A document's state and what the issuing doctor can do: 'Vigente' with 'Anular' (a reason,
 * then confirmation), or 'Anulado' with its reason and 'Reemplazar' (the same form, linked to it)
 * until it has been replaced.
 */
function DocumentState({ tipo, document: d }: { tipo: DocumentType; document: DoctorDocument }) {
  const { t } = useTranslation('documents');
  const messages = useMessages();
  const language = useLanguage();
  const annul = useAnnulDocument();
  const [open, setOpen] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const name = d.numero ?? d.nombre_pdf;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = annulDocumentSchema.safeParse({ motivo });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const result = await annul.mutateAsync({ tipo, id: d.id, motivo: parsed.data.motivo });
      setOpen(false);
      await showAlert(translateMessage(result.message));
    } catch (err) {
      await showAlert(messageOf(err, messages.serverError));
    }
  };

  if (d.anulado) {
    return (
      <div className="documents-state">
        <strong className="documents-annulled">{t('table.annulled')}</strong>{' '}
        <span className="documents-note">
          {formatDateTime(d.anulado.fecha, language)}: {d.anulado.motivo}
        </span>
        {d.reemplazadoPor ? (
          <p className="documents-note">{t('table.replacedBy', { numero: d.reemplazadoPor })}</p>
        ) : (
          <p>
            <Link
              to={`${DOCUMENT_PAGES[tipo]}?reemplaza=${d.id}${d.pacienteId ? `&paciente=${d.pacienteId}` : ''}&numero=${encodeURIComponent(d.numero ?? '')}`}
              aria-label={t('table.replaceLabel', { name })}
            >
              {t('table.replace')}
            </Link>
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="documents-state">
      <span>{t('table.valid')}</span>
      {d.reemplazaA && <p className="documents-note">{t('table.replaces', { numero: d.reemplazaA })}</p>}
      {open ? (
        <form className="documents-annul" onSubmit={(e) => void submit(e)} noValidate>
          <Field label={t('table.annulReason')} error={error && translateMessage(error)} required>
            {(p) => <textarea {...p} rows={2} maxLength={500} value={motivo} onChange={(e) => {
                  setMotivo(e.currentTarget.value);
                  setError(undefined);
                }} />}
          </Field>
          <div className="documents-annul-actions">
            <Button type="submit" variant="danger" busy={annul.isPending}>
              {t('table.annulConfirm')}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('table.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setOpen(true)} aria-label={t('table.annulLabel', { name })}>
          {t('table.annul')}
        </Button>
      )}
    </div>
  );
}
