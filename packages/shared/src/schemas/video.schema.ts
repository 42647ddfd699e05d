import { z } from 'zod/mini';
import { messages } from '../messages.js';
import { CHAT_ROLES } from './chat.schema.js';
import { safeText } from './text.schema.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Video consultations (issue 25, docs/decisions/0053): the signalling frames that travel over the
 * consultation's chat WebSocket (`/api/chat/ws`, already authenticated and joined to one
 * consultation), the TURN credentials route's answer and the patient's video consent.
 *
 * Media never crosses the server: it only relays these frames between the consultation's two
 * members (patient and assigned doctor), while its chat is open and its paid time runs.
 */

/** The HTTP routes of video consultations (the WebSocket is the chat's, `/api/chat/ws`). */
export const VIDEO_ROUTES = {
  /** GET `?consulta=<token>&rol=patient|doctor` -> `turnCredentialsSchema`. */
  turn: '/api/video/turn',
  /** GET (patient) -> `videoConsentStateSchema`; POST (patient) `videoConsentAcceptSchema` -> `videoConsentStateSchema`. */
  consent: '/api/video/consent',
} as const;

/** Largest SDP accepted (characters): a browser's audio + video offer is 3–9 kB; the socket's frame limit is 16 KiB. */
export const VIDEO_SDP_MAX = 12_000;
/** Largest ICE candidate line accepted (characters). */
export const VIDEO_CANDIDATE_MAX = 1_000;

/** The call's id: a UUID made by the page that sends `call-invite` (`crypto.randomUUID()`). */
const callId = lazySchema(() => z.uuid({ error: messages.videoFrameInvalid }));
/** The consultation's token, as in the socket's `?consulta=`: a frame for another consultation is refused. */
const consulta = lazySchema(() => safeText().check(z.minLength(10), z.maxLength(100)));
const sdp = lazySchema(() => z.string().check(z.minLength(1, messages.videoFrameInvalid), z.maxLength(VIDEO_SDP_MAX, messages.videoFrameInvalid)));

/** One ICE candidate as `RTCIceCandidate.toJSON()` gives it; `null` = end of candidates. */
export const iceCandidateSchema = lazySchema(() => z.object({
  candidate: z.string().check(z.maxLength(VIDEO_CANDIDATE_MAX, messages.videoFrameInvalid)),
  sdpMid: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  sdpMLineIndex: z.optional(z.nullable(z.number().check(z.int(), z.gte(0), z.lte(64)))),
  usernameFragment: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
}));
export type IceCandidateJson = z.infer<typeof iceCandidateSchema>;

/**
 * Why a call ended:
 * - `ended`: a person hung up (the button);
 * - `left`: the other person left the call (closed the page, left the chat, the chat was closed);
 * - `time`: the consultation's paid time ran out (sent by the server only, to both).
 */
export const VIDEO_HANGUP_REASONS = ['ended', 'left', 'time'] as const;
export type VideoHangupReason = (typeof VIDEO_HANGUP_REASONS)[number];
/** What a page says when the call ended, by reason (catalogue messages). */
export const VIDEO_HANGUP_MESSAGES: Record<VideoHangupReason, string> = {
  ended: messages.videoEndedByPerson,
  left: messages.videoEndedLeft,
  time: messages.videoEndedTime,
};

const base = { consulta, callId };

/**
 * Client -> server: the signalling frames a member's page sends on the chat socket. The server
 * checks for each: the session, the membership, the consultation (`consulta` = the socket's), the
 * chat open and its paid time running, the patient's consent (for `call-invite` / `call-accept`
 * by the patient), and the call (every frame but `call-invite` names the consultation's current call).
 */
export const videoClientFrameSchema = lazySchema(() => z.discriminatedUnion('type', [
  /** Ring the other side. `audioOnly`: the caller starts without camera. */
  z.object({ type: z.literal('call-invite'), ...base, audioOnly: z._default(z.boolean(), false) }),
  /** The callee accepts: the call starts (recorded). The caller then sends `call-offer`. */
  z.object({ type: z.literal('call-accept'), ...base }),
  /** The callee declines the invitation (nothing recorded). */
  z.object({ type: z.literal('call-decline'), ...base }),
  /** SDP offer; `iceRestart` when it is an ICE restart's offer (`createOffer({ iceRestart: true })`). */
  z.object({ type: z.literal('call-offer'), ...base, sdp, iceRestart: z._default(z.boolean(), false) }),
  /** SDP answer to the last offer. */
  z.object({ type: z.literal('call-answer'), ...base, sdp }),
  /** One trickled ICE candidate; `null` when gathering finished. */
  z.object({ type: z.literal('call-ice'), ...base, candidate: z.nullable(iceCandidateSchema) }),
  /**
   * Ask the other side for an ICE restart (the network changed here). Whichever side made the
   * call's first offer (the caller) answers it with a `call-offer` with `iceRestart: true`;
   * the caller itself restarts by sending that offer directly.
   */
  z.object({ type: z.literal('call-restart'), ...base }),
  /** My media state, sent whenever it changes: `audio` false = muted, `video` false = camera off. */
  z.object({ type: z.literal('call-media'), ...base, audio: z.boolean(), video: z.boolean() }),
  /** Hang up: `ended` (the button) or `left` (leaving the page or the chat). */
  z.object({ type: z.literal('call-hangup'), ...base, reason: z.enum(['ended', 'left']) }),
]));
export type VideoClientFrame = z.infer<typeof videoClientFrameSchema>;
export type VideoClientFrameType = VideoClientFrame['type'];
// A mini union has no `.options` and a mini literal no `.value`: read them from the definitions.
export const VIDEO_CLIENT_FRAME_TYPES = videoClientFrameSchema._zod.def.options.map((o) => o.shape.type._zod.def.values[0]!);

/** Who sent a frame, as the server knows it (never the client's word). */
export const videoPeerSchema = lazySchema(() => z.object({
  rol: z.enum(CHAT_ROLES),
  /** The person's name as the other side should read it. */
  nombre: z.string(),
  /** The doctor's professional registration number (telehealth: the professional is identified); null for the patient or when not filled in. */
  registro: z.nullable(z.string()),
}));
export type VideoPeer = z.infer<typeof videoPeerSchema>;

const relayed = lazySchema(() => ({ consulta: z.string(), callId: z.uuid(), de: z.enum(CHAT_ROLES) }));

/**
 * Server -> client: the same frames relayed to the OTHER member only (never back to the sender,
 * never stored, never in the chat's history), with the sender's role in `de`; `call-invite` and
 * `call-accept` also carry the sender as a `peer`. Plus `call-hangup` with reason `time` from the
 * server itself (to both, `de: null`), and `call-error` to the one socket whose frame was refused.
 */
export const videoServerFrameSchema = lazySchema(() => z.discriminatedUnion('type', [
  z.object({ type: z.literal('call-invite'), ...relayed, audioOnly: z.boolean(), peer: videoPeerSchema }),
  z.object({ type: z.literal('call-accept'), ...relayed, peer: videoPeerSchema }),
  z.object({ type: z.literal('call-decline'), ...relayed }),
  z.object({ type: z.literal('call-offer'), ...relayed, sdp: z.string(), iceRestart: z.boolean() }),
  z.object({ type: z.literal('call-answer'), ...relayed, sdp: z.string() }),
  z.object({ type: z.literal('call-ice'), ...relayed, candidate: z.nullable(iceCandidateSchema) }),
  z.object({ type: z.literal('call-restart'), ...relayed }),
  z.object({ type: z.literal('call-media'), ...relayed, audio: z.boolean(), video: z.boolean() }),
  z.object({
    type: z.literal('call-hangup'),
    consulta: z.string(),
    callId: z.uuid(),
    /** The member who hung up; null when the server ended the call (`time`). */
    de: z.nullable(z.enum(CHAT_ROLES)),
    reason: z.enum(VIDEO_HANGUP_REASONS),
    /** The catalogue's words for the reason (`VIDEO_HANGUP_MESSAGES`). */
    message: z.string(),
  }),
  z.object({
    type: z.literal('call-error'),
    /** The refused frame's call id, when it had a readable one. */
    callId: z.nullable(z.string()),
    /** What the refused frame was, when readable (e.g. 'call-invite'). */
    refused: z.nullable(z.string()),
    /**
     * A machine-readable reason for the pages that act on it:
     * `consent`: the patient must accept the video consent first (`POST /api/video/consent`), then invite/accept again;
     * `time`: the paid time is over (the chat's 'Área de Pagos' flow); `busy`: another call is under way;
     * `no-call`: the call named is not the consultation's current call; `invalid`, `closed`, `too-fast`, `server`.
     */
    code: z.enum(['consent', 'time', 'busy', 'no-call', 'invalid', 'closed', 'too-fast', 'server']),
    /** Catalogue message to show. */
    message: z.string(),
  }),
]));
export type VideoServerFrame = z.infer<typeof videoServerFrameSchema>;
export type VideoErrorCode = Extract<VideoServerFrame, { type: 'call-error' }>['code'];

/** GET /api/video/turn's query: the consultation and the role asking (as the chat socket). */
export const turnCredentialsQuerySchema = lazySchema(() => z.object({
  consulta: safeText().check(z.minLength(10), z.maxLength(100)),
  rol: z.enum(CHAT_ROLES),
}));

/** One ICE server for `new RTCPeerConnection({ iceServers })`. */
export const iceServerSchema = lazySchema(() => z.object({
  urls: z.array(z.string()),
  /** TURN REST API username: `<expiry unix seconds>:<opaque id>`. */
  username: z.optional(z.string()),
  /** base64(HMAC-SHA1(TURN_SECRET, username)). */
  credential: z.optional(z.string()),
}));

/**
 * GET /api/video/turn: time-limited TURN credentials, valid until the consultation's paid time
 * ends (`ttlSeconds` = seconds left, never more). `iceServers` is empty when no TURN server is
 * configured (development: direct connection). `relayOnly` true: the page must use
 * `iceTransportPolicy: 'relay'` so that neither side ever learns the other's address.
 * When no time is left the route answers 409 with `chatTimeOver` (no credentials).
 * Ask again (with the same query) after an extra hour is approved: the new credentials cover it.
 */
export const turnCredentialsSchema = lazySchema(() => z.object({
  iceServers: z.array(iceServerSchema),
  ttlSeconds: z.number().check(z.int(), z.gte(1)),
  relayOnly: z.boolean(),
}));
export type TurnCredentials = z.infer<typeof turnCredentialsSchema>;

/** The patient's video consent: `aceptado` once accepted (once for all consultations), with the text shown. */
export const videoConsentStateSchema = lazySchema(() => z.object({
  aceptado: z.boolean(),
  /** When it was accepted (ISO), null before. */
  fecha: z.nullable(z.string()),
  /** The text the patient accepts (catalogue `videoConsentText`). */
  texto: z.string(),
}));
export type VideoConsentState = z.infer<typeof videoConsentStateSchema>;

/** POST /api/video/consent: the box ticked. */
export const videoConsentAcceptSchema = lazySchema(() => z.object({
  acepto: z.literal(true, { error: messages.videoConsentMustAccept }),
}));

/** A call in a consultation's record (staff detail): `consultation-call.schema.ts` (the consultations' schemas use it too). */
export { consultationCallSchema, type ConsultationCall } from './consultation-call.schema.js';
