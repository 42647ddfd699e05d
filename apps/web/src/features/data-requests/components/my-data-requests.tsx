import { useState } from 'react';
import type { DataRequest } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { useFormatDateTime } from '../../../lib/date-time.js';
import { useMessages } from '../../../lib/i18n.js';
import { useMyDataRequests } from '../api/get-my-data-requests.js';
import { ClosingDialog } from './closing-dialog.js';
import { CorrectionDialog } from './correction-dialog.js';
import { useDataRequestsText } from './labels.js';
import '../data-requests.css';

/**
 * The part of /Usuarios where a patient uses their Ley 81 rights beyond the export: asks for a
 * correction or for the closing of the account, and follows each request and the clinic's answer.
 */
export function MyDataRequests() {
  const { t, valueOf, fieldLabel, ordered } = useDataRequestsText();
  const messages = useMessages();
  const formatDateTime = useFormatDateTime();
  const mine = useMyDataRequests();
  const [open, setOpen] = useState<'correccion' | 'cierre' | null>(null);

  if (mine.isPending) return <p>{messages.loading}</p>;
  if (mine.isError) {
    return (
      <p role="alert" className="list-error">
        {messageOf(mine.error, messages.requestNetworkError)}
      </p>
    );
  }
  const { solicitudes, actuales, cierre_bloqueado } = mine.data;
  const pending = (tipo: DataRequest['tipo']) => solicitudes.some((s) => s.tipo === tipo && s.estado === 'pendiente');

  return (
    <section className="details-section data-requests" aria-labelledby="perfil-derechos">
      <h3 id="perfil-derechos">{t('mine.title')}</h3>
      <p>{t('mine.intro')}</p>
      <div className="data-requests-actions">
        <div>
          <Button variant="secondary" disabled={pending('correccion')} onClick={() => setOpen('correccion')}>
            {t('mine.askCorrection')}
          </Button>
          {pending('correccion') && <p className="data-requests-note">{t('mine.correctionPending')}</p>}
        </div>
        <div>
          <Button variant="danger" disabled={pending('cierre') || cierre_bloqueado} onClick={() => setOpen('cierre')}>
            {t('mine.askClosing')}
          </Button>
          {pending('cierre') ? (
            <p className="data-requests-note">{t('mine.closingPending')}</p>
          ) : (
            cierre_bloqueado && <p className="data-requests-note">{messages.closingBlocked}</p>
          )}
        </div>
      </div>

      {solicitudes.length > 0 && (
        <>
          <h4>{t('mine.requests')}</h4>
          <ul className="data-requests-list">
            {solicitudes.map((s) => (
              <li key={s.id} className="data-request-card">
                <p className="data-request-head">
                  <strong>{t(`types.${s.tipo}`)}</strong>
                  <span className={`data-request-state data-request-${s.estado}`}>{t(`states.${s.estado}`)}</span>
                </p>
                <p className="data-request-date">{t('mine.askedOn', { date: formatDateTime(s.created_at) })}</p>
                {s.cambios && Object.keys(s.cambios).length > 0 && (
                  <dl className="data-request-changes">
                    {ordered(s.cambios).map(([field, value]) => (
                      <div key={field}>
                        <dt>{fieldLabel(field)}</dt>
                        <dd>{valueOf(field, value)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {s.respuesta && (
                  <p className="data-request-answer">
                    <strong>{t('mine.answer')}</strong> {s.respuesta}
                  </p>
                )}
                {s.resuelta_at && (
                  <p className="data-request-date">{t('mine.answeredOn', { date: formatDateTime(s.resuelta_at) })}</p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}

      {open === 'correccion' && <CorrectionDialog current={actuales} onClose={() => setOpen(null)} />}
      {open === 'cierre' && <ClosingDialog onClose={() => setOpen(null)} />}
    </section>
  );
}
