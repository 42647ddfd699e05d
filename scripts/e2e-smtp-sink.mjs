// A real SMTP server on loopback for the browser tests: the e2e server sends its e-mail here
// (SMTP_URL), and every message received is written as an .eml file for the specs to read
// (e2e/mailbox.ts). It lives as long as the e2e server, so every spec's mail has somewhere to go.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Starts the sink on 127.0.0.1:`port`, writing messages to `dir` (emptied first). */
export async function startMailSink({ port, dir }) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const name = `${Date.now()}-${String(++n).padStart(5, '0')}.eml`;
        const tmp = path.join(dir, `${name}.tmp`);
        fs.writeFileSync(tmp, Buffer.concat(chunks));
        fs.renameSync(tmp, path.join(dir, name));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { url: `smtp://127.0.0.1:${port}` };
}
