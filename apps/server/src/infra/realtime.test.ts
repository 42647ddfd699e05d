import { describe, expect, it } from 'vitest';
import { InProcessPubSub } from './pubsub.js';
import { decodeRevoked } from './realtime.js';

describe('InProcessPubSub', () => {
  it('delivers to the channel subscribers in publish order, and no more after unsubscribing', async () => {
    const hub = new InProcessPubSub();
    const a: string[] = [];
    const b: string[] = [];
    const stopA = await hub.subscribe('chat:1', (m) => a.push(m));
    await hub.subscribe('chat:1', (m) => b.push(m));
    await hub.subscribe('chat:2', () => {
      throw new Error('a broken listener elsewhere');
    });
    await hub.publish('chat:1', 'uno');
    await hub.publish('chat:2', 'otro');
    await hub.publish('chat:1', 'dos');
    await stopA();
    await hub.publish('chat:1', 'tres');
    expect(a).toEqual(['uno', 'dos']);
    expect(b).toEqual(['uno', 'dos', 'tres']);
  });
});

describe('the sessions:revoked payload', () => {
  it('reads back the list of session hashes it was written as, and drops anything else', () => {
    expect(decodeRevoked(JSON.stringify(['a1b2', 'c3d4']))).toEqual(['a1b2', 'c3d4']);
    expect(decodeRevoked('not json')).toBeUndefined();
    expect(decodeRevoked(JSON.stringify({ hashes: ['a1b2'] }))).toBeUndefined();
    expect(decodeRevoked(JSON.stringify(['a1b2', 7]))).toBeUndefined();
    expect(decodeRevoked(JSON.stringify(['']))).toBeUndefined();
  });
});
