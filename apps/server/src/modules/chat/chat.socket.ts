import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import {
  chatClientFrameSchema,
  chatSocketQuerySchema,
  messages,
  type ChatRole,
  type ChatServerFrame,
  type VideoServerFrame,
} from '@clinica/shared';
import { requireRole } from '../../infra/http/access.js';
import { sameOriginCheck } from '../../infra/http/same-origin.js';
import { SESSION_ENDED_CLOSE } from '../../infra/realtime.js';
import { cookieNames, type SessionAccount } from '../auth/index.js';
import { chatChannel, decodePublished, type PublishedFrame } from './chat.pubsub.js';
import { toChatMessage, toTimeFrame } from './chat.mapper.js';
import type { ChatConsultation } from './chat.repository.js';
import type { ChatService } from './chat.service.js';
import { chatSignalling } from './chat.signalling.js';

/**
 * The chat's WebSocket protocol (decision 0033), both roles:
 * - the handshake `GET /api/chat/ws?consulta=&rol=&since=`: same origin only, the role's session,
 *   a member of the consultation (audited as a read);
 * - on joining: the time (when the hour has started), then the history after `since`;
 * - client -> server: `send` frames (`chatClientFrameSchema`), one at a time in arrival order, the
 *   session and membership checked again for each, answered `ack` or `error` (with the `cid`);
 * - server -> every member: the consultation's pub/sub frames (`chat.pubsub.ts`), messages without
 *   gap or duplicate after the history, `closed` ending the socket (4403);
 * - the session re-checked every minute (idle expiry has no request), an ended one closing (4401);
 * - video calls' signalling (`call-*` frames, decision 0053, `chat.signalling.ts`): checked like a
 *   `send`, relayed to the other member's sockets only, never stored or replayed in the history.
 */

/** Close code of a socket whose consultation's chat was closed (exit). */
export const CHAT_CLOSED_CLOSE = 4403;
// Sessions of open sockets are checked again this often (idle expiry happens without a request).
const SESSION_RECHECK_MS = 60_000;

/**
 * The live side of one socket: pub/sub payloads held until the history is sent, then forwarded.
 * A message the history already sent (id <= the last one seen) is dropped; any other frame means
 * the chat's time or state changed (`invalidate`); `closed` is forwarded and ends the socket. A
 * payload that is not a chat frame is dropped (`malformed`): nothing reaches the browser, nothing
 * closes.
 */
export function liveDelivery(opts: {
  since: number;
  send: (frame: Exclude<PublishedFrame, { type: 'signal' }>) => void;
  close: () => void;
  invalidate: () => void;
  malformed: () => void;
  /**
   * The socket's role and what to do with a video signalling frame for it (decision 0053): a
   * `signal` frame for the other role is dropped; one for this role is handed over (not `send`),
   * and it changes nothing of the chat's state.
   */
  signal?: { rol: ChatRole; deliver: (frame: VideoServerFrame) => void };
}) {
  let lastId = opts.since;
  let held: string[] | undefined = [];
  const deliver = (payload: string) => {
    const frame = decodePublished(payload);
    if (!frame) return opts.malformed();
    if (frame.type === 'signal') {
      if (opts.signal && (frame.to === 'both' || frame.to === opts.signal.rol)) opts.signal.deliver(frame.frame);
      return;
    }
    if (frame.type === 'message') {
      if (frame.message.id <= lastId) return;
      lastId = frame.message.id;
    } else {
      opts.invalidate();
    }
    opts.send(frame);
    if (frame.type === 'closed') opts.close();
  };
  return {
    /** A payload from the channel: held before `start`, delivered after. */
    receive(payload: string) {
      if (held) held.push(payload);
      else deliver(payload);
    },
    /** The history was sent, up to `lastSent` (if it had any message): deliver what was held. */
    start(lastSent: number | undefined) {
      if (lastSent !== undefined) lastId = Math.max(lastId, lastSent);
      const pending = held ?? [];
      held = undefined;
      for (const payload of pending) deliver(payload);
    },
  };
}

/** Registers the chat's WebSocket route on the chat module's app, with the module's service. */
export function chatSocket(fastify: FastifyInstance, service: ChatService) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cookies = cookieNames(app.config.production);
  // Only this site's pages may open a socket with the visitor's cookie (cross-site WebSocket hijacking).
  const sameOrigin = sameOriginCheck(app.config.publicOrigin);

  const signalling = chatSignalling({ app, chat: service, video: app.video, pubsub: app.realtime.pubsub, log: app.log });

  const joined = new WeakMap<FastifyRequest, { c: ChatConsultation; account: SessionAccount; rol: ChatRole }>();

  app.get(
    '/api/chat/ws',
    {
      websocket: true,
      config: { access: ['patient', 'doctor'] },
      schema: { querystring: chatSocketQuerySchema },
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!sameOrigin(request)) return reply.code(403).send({ success: false, message: messages.chatForeignOrigin });
      },
      preHandler: async (request: FastifyRequest) => {
        const { consulta, rol } = chatSocketQuerySchema.parse(request.query);
        const account = requireRole(request, rol);
        const c = await service.membership(consulta, rol, account);
        // The socket sends the chat's history: a read of the consultation (decision 0030).
        await app.audit(request, { action: 'chat.read', role: rol, resource: { type: 'consultation', id: c.id }, patientId: c.patient_id });
        joined.set(request, { c, account, rol });
      },
    },
    (socket, request) => {
      const ctx = joined.get(request);
      if (!ctx) {
        socket.close(1011, 'no context');
        return;
      }
      handleSocket(socket, ctx, request.query.since, request.cookies[cookies.names[ctx.rol]], request);
    },
  );

  const send = (socket: WebSocket, frame: ChatServerFrame | VideoServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };

  function handleSocket(
    socket: WebSocket,
    ctx: { c: ChatConsultation; account: SessionAccount; rol: ChatRole },
    since: number,
    token: string | undefined,
    request: FastifyRequest,
  ) {
    const { rol, account } = ctx;
    const consultationId = ctx.c.id;
    app.realtime.track(socket, account.idHash);
    let closed = false;
    let unsubscribe: (() => Promise<void>) | undefined;

    const live = liveDelivery({
      since,
      send: (frame) => send(socket, frame),
      close: () => socket.close(CHAT_CLOSED_CLOSE, 'chat closed'),
      // The chat's time or state changed (perhaps on another instance): read it again.
      invalidate: () => service.invalidate(consultationId),
      malformed: () => app.log.warn({ consultationId }, 'chat: a pub/sub payload that is not a chat frame was dropped'),
      signal: {
        rol,
        deliver: (frame) => {
          signalling.seen(consultationId, frame);
          send(socket, frame);
        },
      },
    });

    const signal = signalling.socket({
      rol,
      consultationId,
      token: ctx.c.token,
      request,
      session: async () => {
        const session = await app.sessions.resolve(rol, token);
        if (session) await app.sessions.touch(session.idHash);
        return session;
      },
      send: (frame) => send(socket, frame),
    });

    const recheck = setInterval(() => {
      app.sessions.resolve(rol, token).then(
        (still) => {
          if (!still) socket.close(SESSION_ENDED_CLOSE, 'session ended');
        },
        () => undefined,
      );
    }, SESSION_RECHECK_MS);
    recheck.unref();

    socket.on('close', () => {
      closed = true;
      clearInterval(recheck);
      void unsubscribe?.();
    });

    // Frames of this socket are handled one after the other, in the order they arrived.
    let queue: Promise<void> = Promise.resolve();
    socket.on('message', (raw) => {
      queue = queue
        .then(() => onFrame(String(raw as Buffer)))
        .catch((err: unknown) => {
          app.log.error({ err }, 'chat frame failed');
          send(socket, { type: 'error', message: messages.serverError });
        });
    });

    async function onFrame(text: string) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      // A video call's signalling frame (decision 0053): its own checks and answers.
      if (json && typeof json === 'object' && String((json as { type?: unknown }).type).startsWith('call-')) {
        if ((await signal(json)) === 'closed') socket.close(SESSION_ENDED_CLOSE, 'session ended');
        return;
      }
      const cid =
        json && typeof json === 'object' && typeof (json as { cid?: unknown }).cid === 'string'
          ? (json as { cid: string }).cid.slice(0, 64)
          : undefined;
      const parsed = json === undefined ? undefined : chatClientFrameSchema.safeParse(json);
      if (!parsed?.success) {
        send(socket, { type: 'error', cid, message: parsed?.error.issues[0]?.message ?? messages.invalidRequest });
        return;
      }
      // The session and the membership, again, for every message.
      const session = await app.sessions.resolve(rol, token);
      if (!session) {
        socket.close(SESSION_ENDED_CLOSE, 'session ended');
        return;
      }
      await app.sessions.touch(session.idHash);
      const { c, refusal } = await service.recheck(consultationId, rol, session.accountId);
      if (!c || refusal) {
        send(socket, { type: 'error', cid, message: refusal ?? messages.chatClosed });
        return;
      }
      if (!(await service.allowSend(consultationId, rol, session.accountId))) {
        send(socket, { type: 'error', cid, message: messages.chatTooFast });
        return;
      }
      const { cid: clientId, texto } = parsed.data;
      const result = await service.send(c, rol, session.accountId, texto, clientId);
      if (result.refusal !== undefined) send(socket, { type: 'error', cid: clientId, message: result.refusal });
      else send(socket, { type: 'ack', cid: clientId, id: result.message.id, message: result.message });
    }

    void (async () => {
      unsubscribe = await app.realtime.pubsub.subscribe(chatChannel(consultationId), (payload) => {
        live.receive(payload);
      });
      if (closed) {
        await unsubscribe();
        return;
      }
      const c = (await service.recheck(consultationId, rol, account.accountId)).c ?? ctx.c;
      const history = await service.history(consultationId, since);
      const frames = history.map((m) => toChatMessage(c, m));
      // The time first: a client counts itself joined when the history arrives.
      if (c.ends_at) send(socket, toTimeFrame({ ends_at: c.ends_at, time_closed_at: c.time_closed_at }, app.now()));
      send(socket, { type: 'history', messages: frames });
      live.start(frames.at(-1)?.id);
    })().catch((err: unknown) => {
      app.log.error({ err }, 'chat join failed');
      socket.close(1011, 'join failed');
    });
  }
}
