import { useState } from 'react';
import type { AdminDataRequest } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Field } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { StaffList } from '../../../components/ui/staff-list.js';
import { useListSearch } from '../../../components/ui/use-list-search.js';
import { messageOf } from '../../../lib/api-client.js';
import { useFormatDateTime } from '../../../lib/date-time.js';
import { translateMessage, useMessages } from '../../../lib/i18n.js';
import { useDecideDataRequest } from '../api/decide-data-request.js';
import { useAdminDataRequests } from '../api/get-admin-data-requests.js';
import { useDataRequestsText } from './labels.js';
import '../../../components/ui/list.css';
import '../data-requests.css';

type Decision = { request: AdminDataRequest; decision: 'aceptar' | 'rechazar' };

/** /Solicitudes_Datos_Admin: patients' correction and closing requests (Ley 81), pending or handled. */
export function SolicitudesDatosAdminPage() {
  const { t, valueOf, fieldLabel, ordered } = useDataRequestsText();
  const messages = useMessages();
  const formatDateTime = useFormatDateTime();
  const [estado, setEstado] = useState<'pendiente' | 'resuelta'>('pendiente');
  const { name, pages, search } = useListSearch();
  const rows = useAdminDataRequests(estado, name, pages.cursor);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const show = (next: 'pendiente' | 'resuelta') => {
    setEstado(next);
    pages.reset();
  };

  return (
    <div className="list-page">
      <h1>{t('admin.title')}</h1>
      <p>{t('admin.intro')}</p>
      <div className="data-requests-tabs" role="group" aria-label={t('admin.show')}>
        <Button
          variant={estado === 'pendiente' ? 'primary' : 'secondary'}
          aria-pressed={estado === 'pendiente'}
          onClick={() => show('pendiente')}
        >
          {t('admin.pending')}
        </Button>
        <Button
          variant={estado === 'resuelta' ? 'primary' : 'secondary'}
          aria-pressed={estado === 'resuelta'}
          onClick={() => show('resuelta')}
        >
          {t('admin.handled')}
        </Button>
      </div>
      <StaffList
        layout="cards"
        caption={t('admin.title')}
        listClassName="data-requests-list"
        rowClassName={() => 'data-request-card'}
        list={rows}
        pages={pages}
        search={search}
        emptyText={estado === 'pendiente' ? t('admin.nonePending') : t('admin.noneHandled')}
        rowKey={(r) => r.id}
        renderRow={(r) => {
          const who = r.paciente.cerrada
            ? `${messages.accountClosedName} ${r.paciente.apellido}`
            : `${r.paciente.nombre} ${r.paciente.apellido}`;
          return (
          <article aria-label={t('admin.requestOf', { type: t(`types.${r.tipo}`), name: who })}>
            <p className="data-request-head">
              <strong>{t(`types.${r.tipo}`)}</strong>
              <span className={`data-request-state data-request-${r.estado}`}>{t(`states.${r.estado}`)}</span>
            </p>
            <p>
              <strong>{who}</strong>
              {r.paciente.cedula && <> · {t('admin.idNumber', { cedula: r.paciente.cedula })}</>}
              {r.paciente.correo && <span className="list-nowrap"> · {r.paciente.correo}</span>}
            </p>
            <p className="data-request-date">{t('mine.askedOn', { date: formatDateTime(r.created_at) })}</p>
            {r.cambios && Object.keys(r.cambios).length > 0 && (
              <table className="data-request-diff">
                <caption className="visually-hidden">{t('admin.changesCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.field')}</th>
                    {r.actuales && <th scope="col">{t('admin.now')}</th>}
                    <th scope="col">{t('admin.asked')}</th>
                  </tr>
                </thead>
                <tbody>
                  {ordered(r.cambios).map(([field, value]) => (
                    <tr key={field}>
                      <th scope="row">{fieldLabel(field)}</th>
                      {r.actuales && <td>{r.actuales[field] !== undefined ? valueOf(field, r.actuales[field]) : '—'}</td>}
                      <td>{valueOf(field, value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {r.motivo && (
              <p>
                <strong>{t('admin.patientReason')}</strong> {r.motivo}
              </p>
            )}
            {r.respuesta && (
              <p>
                <strong>{t('mine.answer')}</strong> {r.respuesta}
              </p>
            )}
            {r.resuelta_at && (
              <p className="data-request-date">
                {t('mine.answeredOn', { date: formatDateTime(r.resuelta_at) })}
                {r.resuelta_por ? ` · ${r.resuelta_por}` : ''}
              </p>
            )}
            {r.estado === 'pendiente' && (
              <div className="data-requests-buttons">
                <Button onClick={() => setDeciding({ request: r, decision: 'aceptar' })}>
                  {t('admin.accept')}
                </Button>
                <Button variant="secondary" onClick={() => setDeciding({ request: r, decision: 'rechazar' })}>
                  {t('admin.refuse')}
                </Button>
              </div>
            )}
          </article>
          );
        }}
      />
      {deciding && <DecisionDialog {...deciding} onClose={() => setDeciding(null)} />}
    </div>
  );
}

/** Accepting or refusing, confirmed; a refusal needs the reason the patient will read. */
function DecisionDialog({ request, decision, onClose }: Decision & { onClose: () => void }) {
  const { t } = useDataRequestsText();
  const messages = useMessages();
  const decide = useDecideDataRequest();
  const [respuesta, setRespuesta] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const refusing = decision === 'rechazar';
  const title = refusing
    ? t('admin.refuseTitle')
    : request.tipo === 'cierre'
      ? t('admin.acceptClosingTitle')
      : t('admin.acceptCorrectionTitle');

  const submit = async () => {
    if (refusing && !respuesta.trim()) {
      setError(messages.rejectReasonRequired);
      return;
    }
    try {
      const res = await decide.mutateAsync({
        id: request.id,
        decision,
        ...(respuesta.trim() ? { respuesta: respuesta.trim() } : {}),
      });
      onClose();
      await showAlert(res.message);
    } catch (e) {
      onClose();
      await showAlert(messageOf(e, messages.requestFailedRetry));
    }
  };

  return (
    <Modal title={title} onClose={onClose} role="alertdialog" describedBy="decision-explicacion">
      <form
        className="data-requests-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p id="decision-explicacion">
          {refusing
            ? t('admin.refuseExplain')
            : request.tipo === 'cierre'
              ? t('admin.acceptClosingExplain')
              : t('admin.acceptCorrectionExplain')}
        </p>
        <Field
          label={refusing ? t('admin.reasonRequired') : t('admin.reasonOptional')}
          error={error ? translateMessage(error) : undefined}
          required={refusing}
        >
          {(p) => (
            <textarea
              {...p}
              rows={3}
              maxLength={1000}
              value={respuesta}
              onChange={(e) => {
                setRespuesta(e.currentTarget.value);
                setError(undefined);
              }}
            />
          )}
        </Field>
        <div className="data-requests-buttons">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            variant={refusing || request.tipo === 'cierre' ? 'danger' : 'primary'}
            busy={decide.isPending}
          >
            {refusing ? t('admin.confirmRefuse') : t('admin.confirmAccept')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
