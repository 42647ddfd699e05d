import { EventEmitter } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { parseConfig } from '../src/infra/config.js';
import type { Database } from '../src/db/client.js';
import type { PubSub } from '../src/infra/pubsub.js';
import { TestClock, freshDatabase, type TestApp } from './harness.js';

// Several instances inside one test process (moved out of infra/redis.test.ts to be shared by the
// staff-accounts tests): each its own app, one database, a Redis the caller passes in `env`.

/** Two apps on ONE database (what createTestApp cannot give: each of its apps has its own copy). */
export async function twoInstancesOnOneDatabase(env: Record<string, string>, opts: { pubsub?: PubSub } = {}): Promise<[TestApp, TestApp]> {
  const { database } = await freshDatabase();
  const clock = new TestClock();
  const instance = async (db: Database): Promise<TestApp> => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-inst-'));
    const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MAIL_WORKER: '0', STORAGE_DRIVER: 'postgres', ...env });
    const app = await buildApp({ config, database: db, now: clock.now, logger: false, ...(opts.pubsub ? { pubsub: opts.pubsub } : {}) });
    await app.ready();
    return {
      app,
      clock,
      dataDir,
      async close() {
        await app.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  };
  // The first one leaves the shared database open for the second, which closes it.
  return [await instance({ ...database, close: async () => undefined }), await instance(database)];
}

/** A stand-in for a chat socket tracked by the realtime plugin: records how it was closed. */
export function fakeSocket() {
  const socket = Object.assign(new EventEmitter(), {
    closedWith: undefined as number | undefined,
    close(code: number) {
      socket.closedWith = code;
      socket.emit('close');
    },
  });
  return socket;
}

