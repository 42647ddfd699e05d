import fp from 'fastify-plugin';
import fastifyWebsocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { RedisPubSub } from './redis-pubsub.js';
import { InProcessPubSub, type PubSub } from './pubsub.js';

/** Close code sent to a socket whose session ended (logout, idle, logout on every device). */
export const SESSION_ENDED_CLOSE = 4401;
const REVOKED_CHANNEL = 'sessions:revoked';

/**
 * What `sessions:revoked` carries: the hashes of the ended sessions, written as a typed list by
 * `onRevoked` below and read back through this schema. A payload that is not one (not JSON,
 * another version's format) is dropped, never thrown inside the subscriber. No length cap: an
 * account's revocation must never fail on the writing side.
 */
const revokedSchema = z.array(z.string().min(1));

export function decodeRevoked(payload: string): string[] | undefined {
  try {
    const parsed = revokedSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export interface Realtime {
  pubsub: PubSub;
  /** Keeps a socket under its session, so that it is closed when the session ends. */
  track(socket: WebSocket, idHash: string): void;
  /** Open sockets on this instance. */
  readonly connections: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * The realtime hub: WebSockets (@fastify/websocket), the pub/sub between them, and the closing
 * of a session's sockets when the session ends, on whichever instance they are.
 */
export default fp(
  async (app, opts: { pubsub?: PubSub }) => {
    await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });
    // Redis when REDIS_URL is set (chat and revocations reach every instance), else in-process.
    const pubsub =
      opts.pubsub ??
      (app.redis ? await RedisPubSub.connect(app.redis, { onReconnect: () => app.sessions.forgetAll() }) : new InProcessPubSub());
    const bySession = new Map<string, Set<WebSocket>>();
    let connections = 0;

    const closeSessions = (hashes: string[]) => {
      for (const h of hashes) {
        for (const socket of bySession.get(h) ?? []) socket.close(SESSION_ENDED_CLOSE, 'session ended');
      }
    };
    const unsubscribe = await pubsub.subscribe(REVOKED_CHANNEL, (payload) => {
      const ended = decodeRevoked(payload);
      if (!ended) {
        app.log.warn('sessions:revoked payload dropped: not a list of session hashes');
        return;
      }
      // Also published by this instance: forgetting twice costs nothing.
      app.sessions.forget(ended);
      closeSessions(ended);
    });
    const onRevoked = (hashes: string[]) => {
      pubsub.publish(REVOKED_CHANNEL, JSON.stringify(hashes)).catch((err: unknown) => app.log.warn({ err }, 'revocation not published'));
    };
    app.sessions.events.on('revoked', onRevoked);

    app.metrics.gauge({
      name: 'clinica_chat_sockets_open',
      help: 'Conexiones WebSocket del chat abiertas en esta instancia',
      collect() {
        this.set(connections);
      },
    });

    app.decorate('realtime', {
      pubsub,
      track(socket: WebSocket, idHash: string) {
        let set = bySession.get(idHash);
        if (!set) bySession.set(idHash, (set = new Set()));
        set.add(socket);
        connections += 1;
        socket.once('close', () => {
          connections -= 1;
          set.delete(socket);
          if (set.size === 0) bySession.delete(idHash);
        });
      },
      get connections() {
        return connections;
      },
    });

    app.addHook('onClose', async () => {
      app.sessions.events.off('revoked', onRevoked);
      await unsubscribe();
      await pubsub.close();
    });
  },
  { name: 'realtime', dependencies: ['sessions', 'redis', 'metrics'] },
);
