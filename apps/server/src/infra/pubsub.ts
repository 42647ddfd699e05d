/**
 * Publish/subscribe between the sockets of the chat. The in-process hub serves one server; a
 * Redis implementation of this same interface (PUBLISH / SUBSCRIBE on the same channel names)
 * lets several instances share chats, with nothing else changing.
 */
export interface PubSub {
  /** Delivers `payload` to every subscriber of `channel` (on every instance). */
  publish(channel: string, payload: string): Promise<void>;
  /** Starts delivering the channel's payloads to `listener`; resolves to the function that stops it. */
  subscribe(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The default hub: channels in memory, delivered synchronously in publish order. */
export class InProcessPubSub implements PubSub {
  private readonly channels = new Map<string, Set<(payload: string) => void>>();

  publish(channel: string, payload: string) {
    for (const listener of this.channels.get(channel) ?? []) {
      try {
        listener(payload);
      } catch {
        // One broken listener must not stop delivery to the others.
      }
    }
    return Promise.resolve();
  }

  subscribe(channel: string, listener: (payload: string) => void) {
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(listener);
    return Promise.resolve(() => {
      set.delete(listener);
      if (set.size === 0) this.channels.delete(channel);
      return Promise.resolve();
    });
  }

  close() {
    this.channels.clear();
    return Promise.resolve();
  }
}
