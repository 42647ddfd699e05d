import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../lib/router.js';
import type { OtherOpenChat } from '@clinica/shared';
import { messages as catalogue } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { rich } from '../../../components/ui/rich-text.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { useFormatDateTime } from '../../../lib/date-time.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { formatSeconds } from '../../../lib/timers.js';
import { useChatSession } from '../api/get-chat-session.js';
import { useChatState } from '../api/get-chat-state.js';
import { useDeclineExtraHour } from '../api/decline-extra-hour.js';
import { useChatSocket, type TimeFrame } from '../hooks/use-chat-socket.js';
import { ChatTargetContext } from '../hooks/use-chat-target.js';
import { useCountdown } from '../hooks/use-countdown.js';
import { ChatFrame } from './chat-frame.js';
import { ChatPanel } from './chat-panel.js';
import { ExitChatButton } from './exit-chat-button.js';
import { ExtraHourOverlay } from './extra-hour-overlay.js';
import { HealthForm } from './lazy-health-form.js';
import { ImageUpload } from './image-upload.js';
import type { ChatPaymentArea } from './payment-area.js';
import { useVideoCallSlot } from './video-call-slot.js';
import '../chat.css';

/**
 * /ConsultaChat: the countdown (the server's hour) and exit in a bar that never scrolls away, the
 * chat with the doctor filling the screen, and beside it (a tab on a phone) the warnings and
 * instructions, the health form, then the image upload. At 0 the 'Área de Pagos' opens; hidden,
 * it stays one tap away (in the bar) until the patient pays or explicitly ends the chat time.
 */
export function ChatConsultationPage({ PaymentArea }: { PaymentArea: ChatPaymentArea }) {
  // Each open chat has its own address, /ConsultaChat?consulta=<token> (decision 0032); moving
  // to another chat starts the page afresh (its messages, timer and overlay are that chat's).
  const [params] = useSearchParams();
  const wanted = params.get('consulta') ?? undefined;
  // Every call of the page names that consultation; without a token the server's newest is the page's too.
  return (
    <ChatTargetContext value={wanted}>
      <ChatOfConsultation key={wanted ?? ''} wanted={wanted} PaymentArea={PaymentArea} />
    </ChatTargetContext>
  );
}

const chatAddress = (token: string) => `/ConsultaChat?consulta=${encodeURIComponent(token)}`;

/** Without a token and with several open chats, the patient chooses one: none is opened for them. */
function ChooseChat({ chats }: { chats: OtherOpenChat[] }) {
  const { t } = useTranslation('chat');
  const formatDateTime = useFormatDateTime();
  return (
    <div className="chat-page">
      <h1>{t('patient.title')}</h1>
      <section className="chat-card chat-choose" aria-labelledby="chat-choose-title">
        <h2 id="chat-choose-title">{t('several.chooseTitle')}</h2>
        <ul className="chat-other-list">
          {chats.map((c) => (
            <li key={c.consulta_token}>
              <Link className="btn btn-primary" to={chatAddress(c.consulta_token)}>
                {t('several.chatWith', { doctor: c.doctor, service: t(`services.${c.servicio}`), date: formatDateTime(c.fecha_registro) })}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function ChatOfConsultation({ PaymentArea, wanted }: { PaymentArea: ChatPaymentArea; wanted: string | undefined }) {
  const { t } = useTranslation('chat');
  const messages = useMessages();
  const navigate = useNavigate();
  const formatDateTime = useFormatDateTime();
  const session = useChatSession(wanted);
  const state = useChatState(wanted, session.isSuccess);
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

  // Without a token and with several open chats, the patient chooses first: no socket, no hour opened.
  const open = state.data && (!state.data.tiempo_cerrado ? [state.data] : []);
  const choosing = wanted === undefined && state.data !== undefined && (open?.length ?? 0) + state.data.otras_abiertas.length > 1;
  const socket = useChatSocket({
    token: choosing ? undefined : state.data?.consulta_token,
    rol: 'patient',
    onTime: (t: TimeFrame) => {
      sync(t.segundos_restantes);
      setTimeClosed(t.tiempo_cerrado);
      if (t.segundos_restantes > 0) setReceiptPending(false);
    },
    onVideo: (frame) => video.receive(frame),
  });
  const seconds = countdown.seconds ?? state.data?.segundos_restantes ?? 0;
  const timeClosed = timeClosedLive ?? state.data?.tiempo_cerrado ?? false;
  const timeUp = seconds === 0;
  const closed = socket.status === 'closed';
  // The call is the paid hour's, as the chat is: over when the time is (decision 0054).
  const video = useVideoCallSlot({
    token: choosing ? undefined : state.data?.consulta_token,
    rol: 'patient',
    sendVideo: socket.sendVideo,
    timeUp: timeUp || timeClosed || closed,
    peer: { name: state.data?.doctor ?? '' },
  });

  if (!session.data || !state.data) {
    return (
      <div className="chat-page">
        <p className="chat-note">{session.isError && !refused ? messages.requestFailed : messages.loading}</p>
      </div>
    );
  }

  if (choosing) return <ChooseChat chats={[...(open ?? []), ...state.data.otras_abiertas]} />;

  const { nombre, apellido, correo } = session.data;
  const others = state.data.otras_abiertas;
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
        video={video.view}
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
            {video.button}
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
            {/* Another paid chat is open too (decision 0032): said on screen, one tap away. */}
            {others.length > 0 && (
              <nav className="chat-others chat-bar-note" aria-label={t('several.othersLabel')}>
                <p>{t('several.othersText')}</p>
                <ul className="chat-other-list">
                  {others.map((c) => (
                    <li key={c.consulta_token}>
                      <Link to={chatAddress(c.consulta_token)}>
                        {t('several.chatWith', { doctor: c.doctor, service: t(`services.${c.servicio}`), date: formatDateTime(c.fecha_registro) })}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
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
