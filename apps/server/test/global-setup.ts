import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migratedSnapshot } from '../src/db/client.js';

/** Migrates one database for the whole run and leaves its tarball for every test file to copy. */
export default async function setup() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-test-'));
  const file = path.join(dir, 'snapshot.tar');
  await fs.writeFile(file, Buffer.from(await (await migratedSnapshot()).arrayBuffer()));
  process.env.CLINICA_TEST_SNAPSHOT = file;
  return async () => fs.rm(dir, { recursive: true, force: true });
}
