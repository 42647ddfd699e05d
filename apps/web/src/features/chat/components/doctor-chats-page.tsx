import { useEffect, useState, type ReactNode } from 'react';
import type { DoctorChatRow } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { ConsultationStateText } from '../../../components/ui/consultation-state.js';
import { StoredImage } from '../../../components/ui/stored-image.js';
import { useMessages, useTranslation, type TFunction } from '../../../lib/i18n.js';
import { formatSeconds } from '../../../lib/timers.js';
import { useDoctorChat } from '../api/get-doctor-chat.js';
import { useDoctorChats } from '../api/get-doctor-chats.js';
import { useChatSocket } from '../hooks/use-chat-socket.js';
import { useCountdown } from '../hooks/use-countdown.js';
import { usePhoneLayout } from '../hooks/use-phone-layout.js';
import { ChatFrame } from './chat-frame.js';
import { ChatPanel } from './chat-panel.js';
import { useVideoCallSlot } from './video-call-slot.js';
import '../chat.css';

const remainingText = (t: TFunction, s: number | null) => (s === null ? t('doctor.notOpened') : s === 0 ? t('doctor.timeUp') : formatSeconds(s));

/**
 * /Chat_Doctor: the doctor's open chats; a chosen one fills the screen like the patient's
 * (chat-frame.tsx). On a phone the list is a page of its own and the chat has a way back to it;
 * from 900 px the list and the patient's data sit beside the conversation.
 */
export function DoctorChatsPage() {
  const { t } = useTranslation('chat');
  const phone = usePhoneLayout();
  const [token, setToken] = useState<string | null>(null);
  const list = <DoctorChatList token={token} onChoose={setToken} />;
  if (token) return <DoctorChat key={token} token={token} list={phone ? null : list} onBack={phone ? () => setToken(null) : null} />;
  return (
    <div className="chat-page">
      <h1>{t('doctor.title')}</h1>
      <div className="doctor-chat-start">
        {list}
        {!phone && <p className="chat-note">{t('doctor.choose')}</p>}
      </div>
    </div>
  );
}

function DoctorChatList({ token, onChoose }: { token: string | null; onChoose: (token: string) => void }) {
  const { t } = useTranslation('chat');
  const messages = useMessages();
  const list = useDoctorChats();
  return (
    <section className="chat-card doctor-chat-list" aria-labelledby="doctor-chats-title">
      <h2 id="doctor-chats-title">{t('doctor.openChats')}</h2>
      {list.isPending ? (
        <p className="chat-note">{messages.loading}</p>
      ) : list.isError ? (
        <p className="chat-error" role="alert">
          {messages.loadFailed}
        </p>
      ) : list.data.length === 0 ? (
        <p className="chat-note">{t('doctor.none')}</p>
      ) : (
        <ul>
          {list.data.map((c: DoctorChatRow) => (
            <li key={c.consulta_token} className={c.consulta_token === token ? 'doctor-chat-selected' : undefined}>
              <Button variant={c.consulta_token === token ? 'primary' : 'secondary'} onClick={() => onChoose(c.consulta_token)} aria-label={t('doctor.openLabel', { name: c.paciente })}>
                {c.paciente}
              </Button>
              <span className="chat-note">
                {t(`services.${c.servicio}`)} · <ConsultationStateText state={c} />
                {c.ultimo_mensaje ? ` · «${c.ultimo_mensaje.slice(0, 60)}»` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DoctorChat({ token, list, onBack }: { token: string; list: ReactNode; onBack: (() => void) | null }) {
  const { t } = useTranslation('chat');
  const messages = useMessages();
  const detail = useDoctorChat(token);
  // The doctor's view of the patient's hour, counted down between the server's word (not stored: 'timeLeft' is the patient's).
  const countdown = useCountdown({ store: false });
  const { sync } = countdown;
  const [opened, setOpened] = useState(false);
  const socket = useChatSocket({
    token,
    rol: 'doctor',
    onTime: (time) => {
      setOpened(true);
      sync(time.segundos_restantes);
    },
    onVideo: (frame) => video.receive(frame),
  });
  const [unread, setUnread] = useState(0);
  const d = detail.data;
  useEffect(() => {
    if (d?.segundos_restantes != null) sync(d.segundos_restantes);
  }, [d?.segundos_restantes, detail.dataUpdatedAt, sync]);
  const seconds = opened || d?.segundos_restantes != null ? countdown.seconds : null;
  const video = useVideoCallSlot({ token, rol: 'doctor', sendVideo: socket.sendVideo, timeUp: seconds === null || seconds === 0, peer: { name: d?.paciente ?? '' } });

  const patientData = d && (
    <section className="chat-card" aria-labelledby="doctor-patient-title">
      <h2 id="doctor-patient-title">{t('doctor.consultationOf', { name: d.paciente })}</h2>
      <dl className="health-data">
        <dt>{t('doctor.email')}</dt>
        <dd>{d.correo}</dd>
        <dt>{t('doctor.service')}</dt>
        <dd>{t(`services.${d.servicio}`)}</dd>
        <dt>{messages.consultationStateLabel}</dt>
        <dd>
          <ConsultationStateText state={d} />
        </dd>
        <dt>{t('doctor.symptoms')}</dt>
        <dd>{d.sintomas}</dd>
        <dt>{t('doctor.weight')}</dt>
        <dd>{d.peso === null ? '—' : `${d.peso} kg`}</dd>
        <dt>{t('doctor.height')}</dt>
        <dd>{d.talla === null ? '—' : `${d.talla} m`}</dd>
        <dt>{t('doctor.bloodPressure')}</dt>
        <dd>{d.presion_arterial ?? '—'}</dd>
        <dt>{t('doctor.heartRate')}</dt>
        <dd>{d.frecuencia_cardiaca ?? '—'}</dd>
        <dt>{t('doctor.respiratoryRate')}</dt>
        <dd>{d.frecuencia_respiratoria ?? '—'}</dd>
      </dl>
      <h3>{t('doctor.images')}</h3>
      {d.imagenes.length === 0 ? (
        <p className="chat-note">{t('doctor.noImages')}</p>
      ) : (
        <ul className="doctor-images">
          {d.imagenes.map((i) => (
            <li key={i.url}>
              <StoredImage url={i.url} alt={i.nombre} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <ChatFrame
      title={t('doctor.title')}
      className="doctor-chat"
      unread={unread}
      video={video.view}
      bar={
        <>
          {onBack && (
            <Button variant="secondary" className="chat-back" onClick={onBack}>
              {t('doctor.back')}
            </Button>
          )}
          <div className="chat-bar-time">
            <span className="chat-bar-label">{d?.paciente ?? t('doctor.chat')}</span>
            <p className="chat-countdown" role="timer" aria-live="off" aria-label={t('doctor.timeLeftLabel', { time: remainingText(t, seconds) })}>
              {remainingText(t, seconds)}
            </p>
          </div>
          {video.button}
        </>
      }
      panes={[
        ...(list ? [{ id: 'list', label: t('doctor.openChats'), content: list }] : []),
        ...(patientData ? [{ id: 'patient', label: t('doctor.patientTab'), content: patientData }] : []),
      ]}
      chat={(shown) => (
        <ChatPanel
          label={d ? t('doctor.panelLabel', { name: d.paciente, email: d.correo }) : t('doctor.chat')}
          heading={d ? t('doctor.panelHeading', { name: d.paciente }) : t('doctor.chat')}
          me="doctor"
          messages={socket.messages}
          status={socket.status}
          error={socket.lastError}
          disabledReason={null}
          send={socket.send}
          unsent={socket.unsent}
          shown={shown}
          onUnreadChange={setUnread}
        />
      )}
    />
  );
}
