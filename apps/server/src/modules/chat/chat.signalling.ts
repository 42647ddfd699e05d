import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  VIDEO_HANGUP_MESSAGES,
  messages,
  videoClientFrameSchema,
  type ChatRole,
  type VideoClientFrame,
  type VideoErrorCode,
  type VideoServerFrame,
} from '@clinica/shared';
import type { PubSub } from '../../infra/pubsub.js';
import type { VideoService } from '../video/index.js';
import { chatChannel, encodePublished } from './chat.pubsub.js';
import { toVideoPeer } from './chat.mapper.js';
import type { ChatConsultation } from './chat.repository.js';
import type { ChatService } from './chat.service.js';

/**
 * A video call's signalling over the chat socket (issue 25, decision 0053). The server only
 * checks and relays: offers, answers and candidates go to the other member's sockets on every
 * instance through the consultation's pub/sub channel, never stored, never in the history; media
 * never crosses this process. It records the call's start and end (`app.video`) and audits them.
 */

// Signalling frames one socket may send: a call's set-up trickles 10–40 candidates; a page in a
// loop is stopped here, before any database read.
const SIGNAL_LIMIT = { max: 100, windowMs: 10_000 };
/** How often each instance ends the calls whose consultation's time is over. */
export const VIDEO_SWEEP_MS = 5_000;

const other = (rol: ChatRole): ChatRole => (rol === 'patient' ? 'doctor' : 'patient');

/** What one socket's signalling needs from its connection. */
export interface SignallingSocket {
  rol: ChatRole;
  consultationId: string;
  /** The consultation's token, which every frame must name. */
  token: string;
  /** The handshake request: the audit trail's who and from where. */
  request: FastifyRequest;
  /** The session behind the socket, checked again for each frame; undefined closes the socket. */
  session: () => Promise<{ accountId: string } | null | undefined>;
  send: (frame: VideoServerFrame) => void;
}

export function chatSignalling(deps: {
  app: Pick<FastifyInstance, 'audit' | 'auditEvent' | 'now'>;
  chat: Pick<ChatService, 'recheck'>;
  video: VideoService;
  pubsub: PubSub;
  log: FastifyBaseLogger;
}) {
  const { app, chat, video, pubsub } = deps;

  const publish = (consultationId: string, to: ChatRole | 'both', frame: VideoServerFrame) =>
    pubsub.publish(chatChannel(consultationId), encodePublished({ type: 'signal', to, frame }));

  /** Why the chat's state refuses signalling now, as a code and the chat's own message. */
  const refusalCode = (message: string): VideoErrorCode =>
    message === messages.chatTimeOver || message === messages.chatTimeClosed ? 'time' : 'closed';

  /** The per-socket limiter: true while the socket is within its window's allowance. */
  function limiter() {
    let windowStart = 0;
    let count = 0;
    return (now: number) => {
      if (now - windowStart >= SIGNAL_LIMIT.windowMs) {
        windowStart = now;
        count = 0;
      }
      count += 1;
      return count <= SIGNAL_LIMIT.max;
    };
  }

  /** Is `callId` the consultation's call under way? A refusal is decided on the database's state. */
  async function activeCall(consultationId: string, callId: string) {
    let call = await video.currentCall(consultationId);
    if (call?.id !== callId || call.started_at === null) {
      video.forgetCall(consultationId);
      call = await video.currentCall(consultationId);
    }
    return call?.id === callId && call.started_at !== null ? call : undefined;
  }

  return {
    /** A socket's handler of signalling frames; `handle` answers each frame (relay or `call-error`). */
    socket(s: SignallingSocket) {
      const withinLimit = limiter();
      const refuse = (code: VideoErrorCode, message: string, callId: string | null, refused: string | null) =>
        s.send({ type: 'call-error', code, message, callId, refused });

      return async function handle(json: unknown): Promise<'closed' | void> {
        const raw = (json ?? {}) as { type?: unknown; callId?: unknown };
        const rawType = typeof raw.type === 'string' ? raw.type.slice(0, 32) : null;
        const rawCallId = typeof raw.callId === 'string' ? raw.callId.slice(0, 64) : null;
        if (!withinLimit(app.now())) return refuse('too-fast', messages.videoTooFast, rawCallId, rawType);
        const parsed = videoClientFrameSchema.safeParse(json);
        if (!parsed.success) return refuse('invalid', messages.videoFrameInvalid, rawCallId, rawType);
        const frame = parsed.data;
        if (frame.consulta !== s.token) return refuse('invalid', messages.videoFrameInvalid, frame.callId, frame.type);

        // The session and the membership, again, for every frame (as for a chat message).
        const session = await s.session();
        if (!session) return 'closed';
        const { c, refusal } = await chat.recheck(s.consultationId, s.rol, session.accountId);
        if (!c) return refuse('closed', messages.chatClosed, frame.callId, frame.type);
        // A hang-up is always let through for a call of this consultation: ending costs nothing.
        if (refusal && frame.type !== 'call-hangup') return refuse(refusalCode(refusal), refusal, frame.callId, frame.type);
        await handleValid(frame, c, session.accountId);
      };

      async function handleValid(frame: VideoClientFrame, c: ChatConsultation, accountId: string) {
        const to = other(s.rol);
        const base = { consulta: c.token, callId: frame.callId, de: s.rol };
        const audit = (action: 'video.call_start' | 'video.call_end', detail: string) =>
          app.audit(s.request, { action, role: s.rol, resource: { type: 'consultation', id: c.id }, patientId: c.patient_id, detail });
        const needsConsent = async () => s.rol === 'patient' && !(await video.hasConsent(accountId));

        switch (frame.type) {
          case 'call-invite': {
            if (!video.config.enabled) return refuse('closed', messages.videoDisabled, frame.callId, frame.type);
            if (await needsConsent()) return refuse('consent', messages.videoConsentRequired, frame.callId, frame.type);
            if (!(await video.invite(c.id, frame.callId, s.rol))) {
              const current = await video.currentCall(c.id);
              return refuse('busy', messages.videoBusy, current?.id ?? null, frame.type);
            }
            const peer = toVideoPeer(c, s.rol, s.rol === 'doctor' ? await video.doctorRegistration(c.doctor_id) : null);
            return publish(c.id, to, { type: 'call-invite', ...base, audioOnly: frame.audioOnly, peer });
          }
          case 'call-accept': {
            if (await needsConsent()) return refuse('consent', messages.videoConsentRequired, frame.callId, frame.type);
            const call = await video.accept(c.id, frame.callId, s.rol);
            if (!call) return refuse('no-call', messages.videoNoCall, frame.callId, frame.type);
            await audit('video.call_start', `videollamada iniciada por ${call.started_by === 'patient' ? 'el paciente' : 'el médico'}`);
            const peer = toVideoPeer(c, s.rol, s.rol === 'doctor' ? await video.doctorRegistration(c.doctor_id) : null);
            return publish(c.id, to, { type: 'call-accept', ...base, peer });
          }
          case 'call-decline': {
            const { found, ended } = await video.hangUp(c.id, frame.callId, 'ended');
            if (!found) return refuse('no-call', messages.videoNoCall, frame.callId, frame.type);
            if (ended) await audit('video.call_end', endDetail('ended', ended));
            return publish(c.id, to, { type: 'call-decline', ...base });
          }
          case 'call-hangup': {
            const { found, ended } = await video.hangUp(c.id, frame.callId, frame.reason);
            if (!found) return refuse('no-call', messages.videoNoCall, frame.callId, frame.type);
            if (ended) await audit('video.call_end', endDetail(frame.reason, ended));
            const reason = frame.reason;
            return publish(c.id, to, { type: 'call-hangup', consulta: c.token, callId: frame.callId, de: s.rol, reason, message: VIDEO_HANGUP_MESSAGES[reason] });
          }
          case 'call-offer':
          case 'call-answer':
          case 'call-ice':
          case 'call-restart':
          case 'call-media': {
            // Only into a call under way (accepted): nobody can push media offers at a member who did not accept.
            if (!(await activeCall(c.id, frame.callId))) return refuse('no-call', messages.videoNoCall, frame.callId, frame.type);
            return publish(c.id, to, relayed(frame, base));
          }
        }
      }
    },

    /**
     * A frame of another instance (or this one) reached a socket: an invitation, acceptance or
     * end changes the consultation's call, so this instance reads it again.
     */
    seen(consultationId: string, frame: VideoServerFrame) {
      if (frame.type === 'call-invite' || frame.type === 'call-accept' || frame.type === 'call-decline' || frame.type === 'call-hangup')
        video.forgetCall(consultationId);
    },

    /**
     * The sweep: calls whose consultation's paid time is over end with `time`; both sides are told
     * (`call-hangup`, `de: null`) and the end is audited. Later frames are refused by the time check
     * until an extra hour is approved.
     */
    async sweep() {
      for (const ended of await video.endOverdue()) {
        const { call } = ended;
        await publish(call.consultation_id, 'both', {
          type: 'call-hangup',
          consulta: ended.token,
          callId: call.id,
          de: null,
          reason: 'time',
          message: VIDEO_HANGUP_MESSAGES.time,
        });
        if (!ended.ringing)
          await app.auditEvent({
            action: 'video.call_end',
            resource: { type: 'consultation', id: call.consultation_id },
            patientId: ended.patient_id,
            detail: endDetail('time', call),
          });
      }
    },
  };
}
export type ChatSignalling = ReturnType<typeof chatSignalling>;

type CallFrame = Extract<VideoClientFrame, { type: 'call-offer' | 'call-answer' | 'call-ice' | 'call-restart' | 'call-media' }>;

/** A frame of a call under way as the other member receives it: only its own fields, with the server's sender. */
function relayed(frame: CallFrame, base: { consulta: string; callId: string; de: ChatRole }): VideoServerFrame {
  switch (frame.type) {
    case 'call-offer':
      return { type: 'call-offer', ...base, sdp: frame.sdp, iceRestart: frame.iceRestart };
    case 'call-answer':
      return { type: 'call-answer', ...base, sdp: frame.sdp };
    case 'call-ice':
      return { type: 'call-ice', ...base, candidate: frame.candidate };
    case 'call-restart':
      return { type: 'call-restart', ...base };
    case 'call-media':
      return { type: 'call-media', ...base, audio: frame.audio, video: frame.video };
  }
}

/** The audit row's note of an ended call: why and how long (no names, no addresses). */
function endDetail(reason: 'ended' | 'left' | 'time', call: { started_at: Date | null; ended_at: Date | null }) {
  const minutes = call.started_at && call.ended_at ? Math.round((call.ended_at.getTime() - call.started_at.getTime()) / 60_000) : 0;
  const why = { ended: 'colgada', left: 'la otra persona salió', time: 'se acabó el tiempo de la consulta' }[reason];
  return `videollamada terminada (${why}), ${minutes} min`;
}
