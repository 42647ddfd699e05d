import { useState, type ComponentType } from 'react';
import { ConsultationStateText } from '../../../components/ui/consultation-state.js';
import { Reference } from '../../../components/ui/reference.js';
import { Button } from '../../../components/ui/button.js';
import { useMyConsultations } from '../api/get-my-consultations.js';
import { ConsultationModal } from './consultation-modal.js';
import { useMessages } from '../../../lib/i18n.js';
import { doctorName, useRecordsText } from './format.js';
import '../../../components/ui/list.css';
import '../records.css';

/**
 * /Consultas: the patient's own virtual consultations; each row opens its detail by token. The
 * app gives `ChatLink`: the way into a row's chat while it is open (decision 0032).
 */
export function ConsultasPage({ ChatLink }: { ChatLink?: ComponentType<{ token: string; label?: string }> }) {
  const { t, formatDateTime } = useRecordsText();
  const messages = useMessages();
  const rows = useMyConsultations();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="records-page">
      <h1>{t('consultations.title')}</h1>
      {rows.isPending ? (
        <p>{messages.loading}</p>
      ) : rows.isError ? (
        <p role="alert" className="list-error">
          {messages.loadFailed}
        </p>
      ) : rows.data.length === 0 ? (
        <p>{messages.noResults}</p>
      ) : (
        <ul className="records-list">
          {rows.data.map((r) => (
            <li key={r.id} className="records-row">
              <div>
                <p className="records-row-title">
                  {t(`services.${r.servicio}`)} · {formatDateTime(r.fecha_registro)}
                </p>
                <p className="records-row-meta">
                  {/* The number the clinic reads when the patient calls about it (decision 0045). */}
                  <Reference kind="consultation" numero={r.numero} /> · {t('consultations.doctor', { name: doctorName(r, t) })} · <ConsultationStateText state={r} />
                  {r.revisado === 1 && <span className="list-badge list-badge-ok">{t('consultations.reviewed')}</span>}
                </p>
              </div>
              <div className="records-row-actions">
                {ChatLink && <ChatLink token={r.token} label={t('consultations.enterChatLabel', { date: formatDateTime(r.fecha_registro) })} />}
                <Button variant="secondary" onClick={() => setOpen(r.token)} aria-label={t('consultations.viewDetailLabel', { date: formatDateTime(r.fecha_registro) })}>
                  {t('consultations.viewDetail')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {open !== null && <ConsultationModal token={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
