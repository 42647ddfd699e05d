import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages as catalogue } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { rich } from '../../../components/ui/rich-text.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { formatSeconds } from '../../../lib/timers.js';
import { useChatSession } from '../api/get-chat-session.js';
import { useChatState } from '../api/get-chat-state.js';
import { useDeclineExtraHour } from '../api/decline-extra-hour.js';
import { useChatSocket, type TimeFrame } from '../hooks/use-chat-socket.js';
import { useCountdown } from '../hooks/use-countdown.js';
import { ChatFrame } from './chat-frame.js';
import { ChatPanel } from './chat-panel.js';
import { ExitChatButton } from './exit-chat-button.js';
import { ExtraHourOverlay } from './extra-hour-overlay.js';
import { HealthForm } from './health-form.js';
import { ImageUpload } from './image-upload.js';
import type { ChatPaymentArea } from './payment-area.js';
import '../chat.css';

/**
 * /ConsultaChat: the countdown (the server's hour) and exit in a bar that never scrolls away, the
 * chat with the doctor filling the screen, and beside it (a tab on a phone) the warnings and
 * instructions, the health form, then the image upload. At 0 the 'Área de Pagos' opens; hidden,
 * it stays one tap away (in the bar) until the patient pays or explicitly ends the chat time.
 */
export function ChatConsultationPage({ PaymentArea }: { PaymentArea: ChatPaymentArea }) {
  const { t } = useTranslation('chat');
  const messages = useMessages();
  const navigate = useNavigate();
  const session = useChatSession();
  const state = useChatState(session.isSuccess);
  const countdown = useCountdown();
  const decline = useDeclineExtraHour();
  // The server's word on whether the time was closed: from the socket's frames, else from the state.
  const [timeClosedLive, setTimeClosed] = useState<boolean | null>(null);
  const [receiptPending, setReceiptPending] = useState(false);
  // 'Área de Pagos' hidden by the patient (Escape, a tap outside, ×): reopened from the timer card.
  const [overlayHidden, setOverlayHidden] = useState(false);
  const [formSent, setFormSent] = useState<boolean | null>(null);
  // Unread messages of the doctor, for the phone's 'Chat' tab (ChatPanel counts them).
  const [unread, setUnread] = useState(0);
  const { sync } = countdown;

  // Without permission (403) or without a session: the specification's alert, then home.
  const refused = (session.error instanceof ApiError && (session.error.status === 403 || session.error.status === 401)) || (state.error instanceof ApiError && state.error.status === 403);
  useEffect(() => {
    if (!refused) return;
    void navigate('/', { replace: true });
    void showAlert(translateMessage(catalogue.chatNotAllowed));
  }, [refused, navigate]);

  // The server's remaining time, whenever the state is (re)loaded.
  useEffect(() => {
    if (!state.data) return;
    sync(state.data.segundos_restantes);
  }, [state.data, state.dataUpdatedAt, sync]);

  const socket = useChatSocket({
    token: state.data?.consulta_token,
    rol: 'patient',
    onTime: (t: TimeFrame) => {
      sync(t.segundos_restantes);
      setTimeClosed(t.tiempo_cerrado);
      if (t.segundos_restantes > 0) setReceiptPending(false);
    },
  });

  if (!session.data || !state.data) {
    return (
      <div className="chat-page">
        <p className="chat-note">{session.isError && !refused ? messages.requestFailed : messages.loading}</p>
      </div>
    );
  }

  const { nombre, apellido, correo } = session.data;
  const seconds = countdown.seconds ?? state.data.segundos_restantes;
  const timeClosed = timeClosedLive ?? state.data.tiempo_cerrado;
  const timeUp = seconds === 0;
  const closed = socket.status === 'closed';
  const disabledReason = closed ? messages.chatClosed : timeClosed ? messages.chatTimeClosed : timeUp ? messages.chatTimeOver : null;
  const extraHourOffered = timeUp && !timeClosed && !closed && !receiptPending;
  const showOverlay = extraHourOffered && !overlayHidden;
  const healthSent = formSent ?? state.data.formulario_enviado;

  const declineHour = async () => {
    try {
      await decline.mutateAsync();
      countdown.reset();
      setTimeClosed(true);
    } catch (error) {
      void showAlert(messageOf(error, messages.requestFailed));
    }
  };

  return (
    <>
      <ChatFrame
        title={t('patient.title')}
        unread={unread}
        bar={
          <>
            <div className="chat-bar-time">
              <span className="chat-bar-label" aria-hidden="true">
                {t('patient.timeLeft')}
              </span>
              <p className="chat-countdown" role="timer" aria-live="off" aria-label={t('patient.timeLeftLabel', { time: formatSeconds(seconds) })}>
                {formatSeconds(seconds)}
              </p>
            </div>
            {extraHourOffered && overlayHidden && (
              <Button className="chat-reopen-payment" onClick={() => setOverlayHidden(false)}>
                {t('extraHour.reopen')}
              </Button>
            )}
            {/* At the top, the screen's height away from 'Enviar' at the bottom. */}
            <ExitChatButton onExited={countdown.reset} />
            {receiptPending && (
              <p className="chat-note chat-bar-note" role="status">
                {messages.chatExtraHourPending}
              </p>
            )}
            {timeClosed && (
              <p className="chat-note chat-bar-note" role="status">
                {messages.chatTimeClosed}
              </p>
            )}
          </>
        }
        panes={[
          {
            id: 'info',
            label: t('patient.infoTab'),
            content: (
              <section className="chat-card chat-warnings" aria-labelledby="chat-warnings-title">
                <h2 id="chat-warnings-title">{t('patient.warningsTitle')}</h2>
                <ul>
                  <li>{rich(t('patient.emergency'))}</li>
                  <li>{t('patient.oneHour')}</li>
                  <li>{t('patient.healthFirst')}</li>
                  <li>{t('patient.noPasswords')}</li>
                  <li>{t('patient.exitHint')}</li>
                </ul>
              </section>
            ),
          },
          {
            id: 'health',
            label: t('patient.healthTab'),
            content: healthSent ? <ImageUpload /> : <HealthForm onSent={() => setFormSent(true)} />,
          },
        ]}
        chat={(shown) => (
          <ChatPanel
            label={t('patient.panelLabel', { name: `${nombre} ${apellido}`, email: correo })}
            heading={t('patient.panelHeading', { name: state.data.doctor })}
            me="patient"
            messages={socket.messages}
            status={socket.status}
            error={socket.lastError}
            disabledReason={disabledReason}
            send={socket.send}
            unsent={socket.unsent}
            shown={shown}
            onUnreadChange={setUnread}
          />
        )}
      />
      {showOverlay && (
        <ExtraHourOverlay
          PaymentArea={PaymentArea}
          servicio={state.data.servicio}
          onHide={() => setOverlayHidden(true)}
          onDecline={() => void declineHour()}
          declining={decline.isPending}
          onPaid={() => undefined}
          onReceiptSent={() => setReceiptPending(true)}
        />
      )}
    </>
  );
}
