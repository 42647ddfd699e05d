import { useState } from 'react';
import { CLINIC_TIME_ZONE, messages, type MailStatus, type OutboxItem } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { Modal } from '../../../components/ui/modal.js';
import { messageOf } from '../../../lib/api-client.js';
import { useOutbox } from '../api/get-outbox.js';
import { outboxEmlUrl, useOutboxMessage } from '../api/get-outbox-message.js';
import '../outbox.css';

const STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'En cola',
  sending: 'Enviando',
  sent: 'Enviado',
  failed: 'No enviado',
  cancelled: 'Cancelado',
};

const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('es-PA', { timeZone: CLINIC_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

/** The plain text of one message of the outbox folder (never its HTML), with its attachments. */
function MessageModal({ item, onClose }: { item: OutboxItem; onClose: () => void }) {
  const message = useOutboxMessage(item.id);
  return (
    <Modal title={item.subject} onClose={onClose} size="lg">
      {message.isPending ? (
        <p role="status">{messages.loading}</p>
      ) : message.isError ? (
        <p role="alert" className="outbox-error">
          {messageOf(message.error, messages.outboxMessageUnavailable)}
        </p>
      ) : (
        <div className="outbox-message">
          <dl className="outbox-headers">
            <dt>Para</dt>
            <dd>{message.data.to}</dd>
            <dt>Fecha</dt>
            <dd>{message.data.date ? formatDateTime(message.data.date) : '—'}</dd>
            {message.data.attachments.length > 0 && (
              <>
                <dt>Adjuntos</dt>
                <dd>{message.data.attachments.map((a) => a.filename || a.mimeType).join(', ')}</dd>
              </>
            )}
          </dl>
          <pre className="outbox-text">{message.data.text}</pre>
          <p>
            <a href={outboxEmlUrl(item.id)} download>
              Descargar el correo (.eml)
            </a>
          </p>
        </div>
      )}
    </Modal>
  );
}

/** /Correos_Admin: the e-mails the clinic sent or is sending; without SMTP, the outbox folder. */
export function OutboxAdminPage() {
  const outbox = useOutbox();
  const [open, setOpen] = useState<OutboxItem | null>(null);

  return (
    <div className="outbox-page">
      <h1>Correos enviados</h1>
      {outbox.data && (
        <p className="outbox-mode" role="note">
          {outbox.data.mode === 'smtp'
            ? 'Los correos se envían por el servidor SMTP configurado.'
            : 'No hay un servidor SMTP configurado: los correos no salen del servidor, se guardan en la carpeta outbox y se pueden leer aquí.'}
        </p>
      )}
      <div className="outbox-table-wrap">
        <table className="outbox-table">
          <caption className="visually-hidden">Correos enviados</caption>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Para</th>
              <th scope="col">Asunto</th>
              <th scope="col">Estado</th>
              <th scope="col">Correo</th>
            </tr>
          </thead>
          <tbody>
            {outbox.isPending ? (
              <tr>
                <td colSpan={5}>{messages.loading}</td>
              </tr>
            ) : outbox.isError ? (
              <tr>
                <td colSpan={5} role="alert" className="outbox-error">
                  {messageOf(outbox.error, messages.loadFailed)}
                </td>
              </tr>
            ) : outbox.data.items.length === 0 ? (
              <tr>
                <td colSpan={5}>{messages.outboxEmpty}</td>
              </tr>
            ) : (
              outbox.data.items.map((item) => (
                <tr key={item.id}>
                  <td>{formatDateTime(item.sent_at ?? item.created_at)}</td>
                  <td className="outbox-wrap">{item.to}</td>
                  <th scope="row" className="outbox-wrap">
                    {item.subject}
                  </th>
                  <td>
                    <span className={`outbox-status outbox-status-${item.status}`}>{STATUS_LABELS[item.status]}</span>
                    {item.attempts > 1 && <span className="outbox-attempts"> ({item.attempts} intentos)</span>}
                    {item.last_error && item.status !== 'sent' && <span className="outbox-last-error">{item.last_error}</span>}
                  </td>
                  <td>
                    {item.in_outbox ? (
                      <Button variant="secondary" onClick={() => setOpen(item)} aria-label={`Ver el correo «${item.subject}» para ${item.to}`}>
                        Ver
                      </Button>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {open && <MessageModal item={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
