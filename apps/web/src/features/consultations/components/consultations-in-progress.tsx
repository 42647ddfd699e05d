import { Link } from '../../../lib/router.js';
import type { ActiveConsultation } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { formatSeconds } from '../../../lib/timers.js';
import { chatPath } from '../api/get-active-consultations.js';
import { useServerCountdown } from '../hooks/use-server-countdown.js';
import { WaitingForChat } from './waiting-for-chat.js';

/**
 * /consultas-virtuales when the patient already has a consultation under way (decision 0032):
 * each one waiting for the clinic, with its waiting state and its poll as right after paying,
 * and each open chat with its time left and the way into it. A new request is a deliberate
 * choice: the button says so.
 */
export function ConsultationsInProgress({
  consultas,
  receivedAt,
  onNewRequest,
  onDecided,
}: {
  consultas: ActiveConsultation[];
  receivedAt: number;
  onNewRequest: () => void;
  onDecided: () => void;
}) {
  const { t } = useTranslation('consultations');
  const describe = (c: ActiveConsultation) =>
    t('inProgress.describe', { service: t(`services.${c.servicio}`), doctor: c.doctor });
  return (
    <>
      {consultas.map((c) =>
        c.estado === 'pendiente' ? (
          <WaitingForChat key={c.token} token={c.token} label={describe(c)} onNewRequest={onDecided} />
        ) : (
          <OpenChatCard key={c.token} consulta={c} receivedAt={receivedAt} describe={describe(c)} />
        ),
      )}
      <section className="consult-card consult-another" aria-labelledby="consult-another-title">
        <h2 id="consult-another-title">{t('inProgress.anotherTitle')}</h2>
        <p>{t('inProgress.anotherText')}</p>
        <Button variant="secondary" onClick={onNewRequest}>
          {t('inProgress.another')}
        </Button>
      </section>
    </>
  );
}

function OpenChatCard({ consulta, receivedAt, describe }: { consulta: ActiveConsultation; receivedAt: number; describe: string }) {
  const { t } = useTranslation('consultations');
  const seconds = useServerCountdown(consulta.segundos_restantes ?? 0, receivedAt, consulta.ends_at !== null);
  return (
    <section className="consult-card consult-open-chat">
      <h2>{t('inProgress.chatOpenTitle')}</h2>
      <p>{describe}</p>
      <p>
        {t('inProgress.timeLeft')} <strong role="timer">{formatSeconds(seconds)}</strong>
      </p>
      <Link className="btn btn-primary" to={chatPath(consulta.token)}>
        {t('enterChat')}
      </Link>
    </section>
  );
}
