import { parseConfig } from './infra/config.js';
import { openDatabase } from './db/client.js';
import { rotateFileKey } from './db/rotate-file-key.js';

/**
 * `npm run rotate-file-key -w @clinica/server`: moves every encrypted file and TOTP secret to the
 * current FILE_ENCRYPTION_KEY. Run it with the new key as FILE_ENCRYPTION_KEY and the old one in
 * FILE_ENCRYPTION_PREVIOUS_KEYS, then drop the old key (docs/security.md, "Key rotation").
 */
// Weak or demo previous keys are what this command moves files away from, so it may read them
// (the server itself refuses them in production).
const config = parseConfig(process.env, { allowWeakPreviousKeys: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.dbPool });
try {
  const done = await rotateFileKey(database.db, config);
  console.log(`Re-encrypted ${done.files} files, ${done.secrets} TOTP secrets and ${done.values} database values under the current key.`);
  if (done.unreadable.length > 0) {
    console.error(`No key reads ${done.unreadable.length} files (left as they are): ${done.unreadable.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
