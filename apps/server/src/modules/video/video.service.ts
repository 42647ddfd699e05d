import crypto from 'node:crypto';
import { messages, videoConsentStateSchema, type ChatRole, type TurnCredentials, type VideoConsentState, type VideoHangupReason } from '@clinica/shared';
import { AppError, notFound } from '../../infra/http/errors.js';
import type { CallRow, VideoConsultation, VideoRepository } from './video.repository.js';

// An invitation nobody answered for this long is forgotten when the next one comes (its pages are gone).
const RINGING_STALE_MS = 60_000;
// The consultation's current call is read from the database at most this often per instance for
// the relayed frames (an ICE candidate every few ms); a hang-up or an acceptance here drops it at once.
const CURRENT_CALL_CACHE_MS = 5_000;

export interface VideoConfig {
  enabled: boolean;
  turnUrls: readonly string[];
  turnSecret: string | undefined;
  relayOnly: boolean;
}

export interface VideoDeps {
  repo: VideoRepository;
  config: VideoConfig;
  now: () => number;
}

/**
 * TURN REST API credentials (coturn's `use-auth-secret`; draft-uberti-behave-turn-rest):
 * username `<expiry unix seconds>:<opaque id>`, credential base64(HMAC-SHA1(secret, username)).
 * The opaque id is random: coturn's logs then name no person.
 */
export function turnCredential(secret: string, expiresAtSeconds: number, opaque = crypto.randomBytes(9).toString('base64url')) {
  const username = `${expiresAtSeconds}:${opaque}`;
  const credential = crypto.createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/**
 * Video consultations (decision 0053): TURN credentials for the consultation's members while its
 * paid time runs, the patient's consent, and the calls' record (ringing, started, ended).
 * The signalling itself is the chat socket's (modules/chat/chat.signalling.ts), which calls this.
 */
export function videoService(deps: VideoDeps) {
  const { repo, config } = deps;
  const at = () => new Date(deps.now());
  const current = new Map<string, { call: CallRow | undefined; at: number }>();

  /** Why the consultation's time does not allow a call now, or null. */
  function timeRefusal(c: Pick<VideoConsultation, 'allowed' | 'ends_at' | 'time_closed_at' | 'closed_at'>): { status: number; message: string } | null {
    if (!c.allowed || c.closed_at) return { status: 403, message: messages.chatClosed };
    if (!c.ends_at) return { status: 409, message: messages.chatNotStarted };
    if (c.time_closed_at) return { status: 409, message: messages.chatTimeClosed };
    if (c.ends_at.getTime() - deps.now() < 1000) return { status: 409, message: messages.chatTimeOver };
    return null;
  }

  async function consentState(patientId: string): Promise<VideoConsentState> {
    const row = await repo.consentOf(patientId);
    return videoConsentStateSchema.parse({
      aceptado: row !== undefined,
      fecha: row?.accepted_at.toISOString() ?? null,
      texto: messages.videoConsentText,
    });
  }

  return {
    config,

    /**
     * GET /api/video/turn: only the consultation's patient or assigned doctor (anyone else: 404),
     * only while its chat is open and its paid time runs; valid until that time ends, never later.
     */
    async turnCredentials(token: string, rol: ChatRole, accountId: string): Promise<{ c: VideoConsultation; answer: TurnCredentials }> {
      if (!config.enabled) throw new AppError(503, messages.videoDisabled);
      const c = await repo.byToken(token);
      if (!c || (rol === 'patient' ? c.patient_id : c.doctor_id) !== accountId) throw notFound();
      const refusal = timeRefusal(c);
      if (refusal) throw new AppError(refusal.status, refusal.message);
      const expires = Math.floor(c.ends_at!.getTime() / 1000);
      const ttlSeconds = Math.max(1, expires - Math.floor(deps.now() / 1000));
      const iceServers =
        config.turnUrls.length > 0 && config.turnSecret
          ? [{ urls: [...config.turnUrls], ...turnCredential(config.turnSecret, expires) }]
          : [];
      return { c, answer: { iceServers, ttlSeconds, relayOnly: config.relayOnly } };
    },

    consentState,
    async hasConsent(patientId: string) {
      return (await repo.consentOf(patientId)) !== undefined;
    },
    /** POST /api/video/consent: recorded once; the answer says whether this call recorded it. */
    async acceptConsent(patientId: string) {
      const before = await repo.consentOf(patientId);
      await repo.acceptConsent(patientId, at());
      return { state: await consentState(patientId), first: before === undefined };
    },

    doctorRegistration: (doctorId: string) => repo.doctorRegistration(doctorId),

    /** The consultation's call ringing or under way (cached a few seconds for the relayed frames). */
    async currentCall(consultationId: string) {
      const cached = current.get(consultationId);
      if (cached && deps.now() - cached.at < CURRENT_CALL_CACHE_MS) return cached.call;
      const call = await repo.currentCall(consultationId);
      current.set(consultationId, { call, at: deps.now() });
      return call;
    },
    /** Another instance changed the consultation's call (its frame passed through the pub/sub). */
    forgetCall(consultationId: string) {
      current.delete(consultationId);
    },

    /** Rings the other side; false when another call rings or is under way. */
    async invite(consultationId: string, callId: string, rol: ChatRole) {
      current.delete(consultationId);
      return repo.invite({ id: callId, consultation_id: consultationId, started_by: rol, invited_at: at() }, new Date(deps.now() - RINGING_STALE_MS));
    },

    /** The other side accepts: the call starts (recorded). Undefined when that call does not ring. */
    async accept(consultationId: string, callId: string, rol: ChatRole) {
      current.delete(consultationId);
      return repo.accept(consultationId, callId, rol, at());
    },

    /**
     * Declined, or hung up: a ringing call is dropped (nothing recorded), a call under way ends
     * with its reason. `ended` is the row when this hang-up ended a call under way.
     */
    async hangUp(consultationId: string, callId: string, reason: VideoHangupReason) {
      current.delete(consultationId);
      if (await repo.dropRinging(consultationId, callId)) return { found: true, ended: undefined };
      const ended = await repo.end(consultationId, callId, reason, at());
      return { found: ended !== undefined, ended };
    },

    /**
     * The sweep: calls whose consultation's time is over (or whose chat closed) end with `time`
     * (ringing ones are dropped). Each is ended by one UPDATE, so of several instances sweeping at
     * once only one reports it.
     */
    async endOverdue() {
      const rows = await repo.overdue(at());
      const ended: { call: CallRow; token: string; patient_id: string; ringing: boolean }[] = [];
      for (const row of rows) {
        current.delete(row.call.consultation_id);
        if (row.call.started_at === null) {
          if (await repo.dropRinging(row.call.consultation_id, row.call.id)) ended.push({ ...row, ringing: true });
          continue;
        }
        const call = await repo.end(row.call.consultation_id, row.call.id, 'time', at());
        if (call) ended.push({ call, token: row.token, patient_id: row.patient_id, ringing: false });
      }
      return ended;
    },

    /** The accepted calls of these consultations, oldest first (the staff's consultation record). */
    callsOf: (consultationIds: string[]) => repo.callsOf(consultationIds),
  };
}
export type VideoService = ReturnType<typeof videoService>;

