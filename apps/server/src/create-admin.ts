import { parseArgs } from 'node:util';
import readline from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseConfig } from './infra/config.js';
import { openDatabase } from './db/client.js';
import { createAdmin } from './modules/staff-accounts/create-admin.js';

/**
 * `npm run create-admin -w @clinica/server [-- --nombre N --apellido A --correo C]`: creates an
 * active administrator (the first one of an empty clinic; docs/decisions/0025). Works on the
 * configured database: PGlite under DATA_DIR, or DATABASE_URL. Asks for what is not given; the
 * password is asked with the typing hidden, or read from CREATE_ADMIN_PASSWORD (scripts), never
 * from the command line (it would stay in the shell's history and the process list).
 */
const { values } = parseArgs({
  options: { nombre: { type: 'string' }, apellido: { type: 'string' }, correo: { type: 'string' } },
  strict: true,
});

let muted = false;
const output = new Writable({
  write(chunk: Buffer, _enc, done) {
    if (!muted) process.stdout.write(chunk);
    done();
  },
});
const rl = readline.createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
// Lines are read in order from one iterator: piped answers (a script) arrive all at once.
const lines = rl[Symbol.asyncIterator]();
const ask = async (question: string, hidden = false) => {
  process.stdout.write(question);
  muted = hidden;
  const next = await lines.next();
  muted = false;
  if (next.done) {
    console.error('\nFaltan datos: se esperaba una respuesta.');
    process.exit(1);
  }
  const answer = String(next.value);
  if (hidden) process.stdout.write('\n');
  return answer.trim();
};

const nombre = values.nombre ?? (await ask('Nombre: '));
const apellido = values.apellido ?? (await ask('Apellido: '));
const correo = values.correo ?? (await ask('Correo: '));
let password = process.env.CREATE_ADMIN_PASSWORD;
if (password === undefined) {
  password = await ask('Contraseña: ', true);
  if ((await ask('Repita la contraseña: ', true)) !== password) {
    console.error('Las contraseñas no coinciden');
    process.exit(1);
  }
}
rl.close();

const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.dbPool });
try {
  const result = await createAdmin(database.db, { nombre, apellido, correo, password });
  if (!result.ok) {
    console.error(`No se creó la cuenta. ${result.error}`);
    process.exitCode = 1;
  } else {
    console.log(`Administrador creado y activo: ${result.correo} (${result.id}). Administradores activos: ${result.activeAdmins}.`);
  }
} finally {
  await database.close();
}
