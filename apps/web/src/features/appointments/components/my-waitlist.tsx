import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Link } from '../../../lib/router.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useLeaveWaitlist } from '../api/leave-waitlist.js';
import { useMyWaitlist } from '../api/get-my-waitlist.js';
import { formatInstant, formatLongDate, formatSlot } from './format.js';

/** /Citas_usuario: the patient's waitlist entries (decision 0050), each with its open offers and a way to leave it. Nothing when none. */
export function MyWaitlist() {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const entries = useMyWaitlist();
  const leave = useLeaveWaitlist();
  if (!entries.data || entries.data.length === 0) return null;
  const onLeave = async (id: string) => {
    try {
      const res = await leave.mutateAsync(id);
      void showAlert(translateMessage(res.message));
    } catch (error) {
      void showAlert(messageOf(error, messages.requestFailed));
    }
  };
  return (
    <section className="appt-card appt-waitlist-mine" aria-labelledby="appt-waitlist-title">
      <h2 id="appt-waitlist-title">{messages.waitlistMineTitle}</h2>
      <ul className="appt-list">
        {entries.data.map((e) => (
          <li key={e.id} className="appt-row">
            <div>
              <p className="appt-row-title">{messages.waitlistMineLine.replace('{{fecha}}', formatLongDate(e.fecha)).replace('{{doctor}}', e.doctor)}</p>
              <p className="appt-row-meta">{t(`services.${e.servicio}`)}</p>
              {e.ofertas.map((o) => (
                <p key={o.token} className="appt-row-meta">
                  <Link to={`/citas?oferta=${encodeURIComponent(o.token)}`}>{messages.waitlistMineOffer.replace('{{hora}}', formatSlot(o.hora))}</Link>{' '}
                  ({messages.waitlistOfferUntil.replace('{{fecha}}', formatInstant(o.expira_at))})
                </p>
              ))}
            </div>
            <Button variant="secondary" busy={leave.isPending && leave.variables === e.id} onClick={() => void onLeave(e.id)}>
              {messages.waitlistLeaveButton}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
