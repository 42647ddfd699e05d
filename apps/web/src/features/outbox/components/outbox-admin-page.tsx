import { useState } from 'react';
import { StaffList } from '../../../components/ui/staff-list.js';
import { formatDateTime, type OutboxItem } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { Modal } from '../../../components/ui/modal.js';
import { messageOf } from '../../../lib/api-client.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useOutbox } from '../api/get-outbox.js';
import { outboxEmlUrl, useOutboxMessage } from '../api/get-outbox-message.js';
import '../outbox.css';

/** Panama's date and time, written the way of the current language (Spanish: Panama's own way). */
function useFormatDateTime() {
  const { i18n } = useTranslation('outbox');
  return (iso: string) => formatDateTime(iso, i18n.language);
}

/** The plain text of one message of the outbox folder (never its HTML), with its attachments. */
function MessageModal({ item, onClose }: { item: OutboxItem; onClose: () => void }) {
  const { t } = useTranslation('outbox');
  const messages = useMessages();
  const formatDateTime = useFormatDateTime();
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
            <dt>{t('message.to')}</dt>
            <dd>{message.data.to}</dd>
            <dt>{t('message.date')}</dt>
            <dd>{message.data.date ? formatDateTime(message.data.date) : '—'}</dd>
            {message.data.attachments.length > 0 && (
              <>
                <dt>{t('message.attachments')}</dt>
                <dd>{message.data.attachments.map((a) => a.filename || a.mimeType).join(', ')}</dd>
              </>
            )}
          </dl>
          <pre className="outbox-text">{message.data.text}</pre>
          <p>
            <a href={outboxEmlUrl(item.id)} download>
              {t('message.download')}
            </a>
          </p>
        </div>
      )}
    </Modal>
  );
}

/** /Correos_Admin: the e-mails the clinic sent or is sending; without SMTP, the outbox folder. */
export function OutboxAdminPage() {
  const { t } = useTranslation('outbox');
  const messages = useMessages();
  const formatDateTime = useFormatDateTime();
  const outbox = useOutbox();
  const [open, setOpen] = useState<OutboxItem | null>(null);

  return (
    <div className="outbox-page">
      <h1>{t('page.title')}</h1>
      {outbox.data && (
        <p className="outbox-mode" role="note">
          {outbox.data.mode === 'smtp' ? t('page.smtpMode') : t('page.outboxMode')}
        </p>
      )}
      <StaffList
        caption={t('page.title')}
        tableClassName="outbox-table"
        columns={[t('page.date'), t('page.to'), t('page.subject'), t('page.channel'), t('page.status'), t('page.email')]}
        list={outbox}
        emptyText={messages.outboxEmpty}
        errorFallback={messages.loadFailed}
        rowKey={(item) => item.id}
        renderRow={(item) => (
          <>
            <td>{formatDateTime(item.sent_at ?? item.created_at)}</td>
            <td className="outbox-wrap">{item.to}</td>
            <th scope="row" className="outbox-wrap">
              {item.subject}
            </th>
            <td>
              {/* The channel it went (or goes) by; each attempt below when there was more than one way (decision 0059). */}
              <span className={`outbox-channel outbox-channel-${item.channel}`}>{t(`channel.${item.channel}`)}</span>
              {item.delivery.some((d) => d.channel !== item.channel || d.result !== 'sent') && (
                <span className="outbox-delivery">
                  {t('page.delivery', {
                    list: item.delivery.map((d) => `${t(`channel.${d.channel}`)}: ${t(`result.${d.result}`)}`).join(' → '),
                  })}
                </span>
              )}
            </td>
            <td>
              <span className={`outbox-status outbox-status-${item.status}`}>{t(`status.${item.status}`)}</span>
              {item.attempts > 1 && (
                <span className="outbox-attempts"> {t('page.attempts', { n: item.attempts })}</span>
              )}
              {item.last_error && item.status !== 'sent' && (
                <span className="outbox-last-error">{item.last_error}</span>
              )}
            </td>
            <td>
              {item.in_outbox ? (
                <Button
                  variant="secondary"
                  onClick={() => setOpen(item)}
                  aria-label={t('page.viewLabel', { subject: item.subject, to: item.to })}
                >
                  {t('page.view')}
                </Button>
              ) : (
                '—'
              )}
            </td>
          </>
        )}
      />
      {open && <MessageModal item={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
