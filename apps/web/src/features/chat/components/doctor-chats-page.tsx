import { useState } from 'react';
import { SERVICE_LABELS, messages, type DoctorChatRow } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { StoredImage } from '../../../components/ui/stored-image.js';
import { formatSeconds } from '../../../lib/timers.js';
import { useDoctorChat } from '../api/get-doctor-chat.js';
import { useDoctorChats } from '../api/get-doctor-chats.js';
import { useChatSocket } from '../hooks/use-chat-socket.js';
import { ChatPanel } from './chat-panel.js';
import '../chat.css';

const remainingText = (s: number | null) => (s === null ? 'Sin abrir' : s === 0 ? 'Tiempo terminado' : formatSeconds(s));

/** /Chat_Doctor: the doctor's open chats, and the chat panel beside the patient's consultation data. */
export function DoctorChatsPage() {
  const list = useDoctorChats();
  const [token, setToken] = useState<string | null>(null);
  return (
    <div className="chat-page">
      <h1>Chats de consultas</h1>
      <div className="chat-layout">
        <section className="chat-card doctor-chat-list" aria-labelledby="doctor-chats-title">
          <h2 id="doctor-chats-title">Chats abiertos</h2>
          {list.isPending ? (
            <p className="chat-note">{messages.loading}</p>
          ) : list.isError ? (
            <p className="chat-error" role="alert">
              {messages.loadFailed}
            </p>
          ) : list.data.length === 0 ? (
            <p className="chat-note">No tiene chats abiertos.</p>
          ) : (
            <ul>
              {list.data.map((c: DoctorChatRow) => (
                <li key={c.consulta_token} className={c.consulta_token === token ? 'doctor-chat-selected' : undefined}>
                  <Button variant={c.consulta_token === token ? 'primary' : 'secondary'} onClick={() => setToken(c.consulta_token)} aria-label={`Abrir chat con ${c.paciente}`}>
                    {c.paciente}
                  </Button>
                  <span className="chat-note">
                    {SERVICE_LABELS[c.servicio]} · {remainingText(c.segundos_restantes)}
                    {c.ultimo_mensaje ? ` · «${c.ultimo_mensaje.slice(0, 60)}»` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {token ? <DoctorChat key={token} token={token} /> : <p className="chat-note">Elija un chat de la lista.</p>}
      </div>
    </div>
  );
}

function DoctorChat({ token }: { token: string }) {
  const detail = useDoctorChat(token);
  const socket = useChatSocket({ token, rol: 'doctor' });
  const d = detail.data;
  return (
    <div className="doctor-chat">
      {d && (
        <section className="chat-card" aria-labelledby="doctor-patient-title">
          <h2 id="doctor-patient-title">Consulta de {d.paciente}</h2>
          <dl className="health-data">
            <dt>Correo</dt>
            <dd>{d.correo}</dd>
            <dt>Servicio</dt>
            <dd>{SERVICE_LABELS[d.servicio]}</dd>
            <dt>Tiempo restante</dt>
            <dd>{remainingText(d.segundos_restantes)}</dd>
            <dt>Síntomas</dt>
            <dd>{d.sintomas}</dd>
            <dt>Peso</dt>
            <dd>{d.peso === null ? '—' : `${d.peso} kg`}</dd>
            <dt>Talla</dt>
            <dd>{d.talla === null ? '—' : `${d.talla} m`}</dd>
            <dt>Presión arterial</dt>
            <dd>{d.presion_arterial ?? '—'}</dd>
            <dt>Frecuencia cardíaca</dt>
            <dd>{d.frecuencia_cardiaca ?? '—'}</dd>
            <dt>Frecuencia respiratoria</dt>
            <dd>{d.frecuencia_respiratoria ?? '—'}</dd>
          </dl>
          <h3>Imágenes</h3>
          {d.imagenes.length === 0 ? (
            <p className="chat-note">El paciente aún no ha enviado imágenes.</p>
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
      )}
      <ChatPanel
        label={d ? `Chat con ${d.paciente} (${d.correo})` : 'Chat'}
        heading={d ? `Chat con ${d.paciente}` : 'Chat'}
        me="doctor"
        messages={socket.messages}
        status={socket.status}
        error={socket.lastError}
        disabledReason={null}
        send={socket.send}
      />
    </div>
  );
}
