import type { Redis } from 'ioredis';
import type { PubSub } from './pubsub.js';
import { closeRedis } from './redis.js';

/**
 * The realtime PubSub on Redis: PUBLISH on the app's connection, SUBSCRIBE on a connection of
 * its own (a subscribed connection can run nothing else). Every instance subscribed to a channel
 * receives every payload, its own included, in publish order per publisher.
 */
export class RedisPubSub implements PubSub {
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  /** The SUBSCRIBE of each channel, so a second listener waits until Redis confirmed it too. */
  private readonly subscribed = new Map<string, Promise<unknown>>();
  private closed = false;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
  ) {
    subscriber.on('message', (channel: string, payload: string) => {
      for (const listener of this.listeners.get(channel) ?? []) {
        try {
          listener(payload);
        } catch {
          // One broken listener must not stop delivery to the others.
        }
      }
    });
  }

  /**
   * Opens the subscriber connection (a duplicate of `publisher`). `onReconnect` runs when it comes
   * back after a loss: payloads published meanwhile were missed (ioredis subscribes again by itself).
   */
  static async connect(publisher: Redis, opts: { onReconnect?: () => void } = {}) {
    const subscriber = publisher.duplicate({ lazyConnect: true });
    subscriber.on('error', () => undefined);
    await subscriber.connect();
    // Registered after the first connection: every later 'ready' is a reconnection.
    subscriber.on('ready', () => opts.onReconnect?.());
    return new RedisPubSub(publisher, subscriber);
  }

  async publish(channel: string, payload: string) {
    await this.publisher.publish(channel, payload);
  }

  async subscribe(channel: string, listener: (payload: string) => void) {
    let set = this.listeners.get(channel);
    if (!set) {
      this.listeners.set(channel, (set = new Set()));
      this.subscribed.set(channel, this.subscriber.subscribe(channel));
    }
    set.add(listener);
    const mine = set;
    const stop = async () => {
      mine.delete(listener);
      if (mine.size > 0 || this.listeners.get(channel) !== mine) return;
      this.listeners.delete(channel);
      this.subscribed.delete(channel);
      // Failing on a lost connection is harmless: a channel nobody listens to only costs a dropped message.
      // Only on a live connection: while Redis is unreachable the command would wait in ioredis's offline
      // queue through every retry, and a shutdown (an onClose hook unsubscribing) with it.
      if (!this.closed && this.subscriber.status === 'ready') await this.subscriber.unsubscribe(channel).catch(() => undefined);
    };
    try {
      await this.subscribed.get(channel);
    } catch (err) {
      await stop().catch(() => undefined);
      throw err;
    }
    return stop;
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    this.subscribed.clear();
    await closeRedis(this.subscriber);
  }
}
