import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import { messages } from '@clinica/shared';

/**
 * The backup archive (decision 0056): one file, encrypted and authenticated with AES-256-GCM under
 * BACKUP_KEY (node:crypto), ending with the SHA-256 of everything before it.
 *
 *   magic "CLNCBK01" (8) | key id (8) | IV (12) | ciphertext ... | GCM tag (16) | SHA-256 (32)
 *
 * The magic and the key id are the GCM's additional data, so they are authenticated too. The key id
 * (an HMAC of a fixed label under the key) tells a wrong key from a damaged file before anything is
 * decrypted; it reveals nothing of the key. The plaintext is a list of named entries, each streamed in
 * chunks, so neither a database dump nor the stored files need to fit in memory:
 *
 *   entry: 0x01 | name length (u16) | name (UTF-8) | { chunk length (u32) | bytes }* | 0x00000000
 *   end:   0x00
 */

const MAGIC = Buffer.from('CLNCBK01', 'ascii');
const HEADER = MAGIC.length + 8 + 12;
const TAG = 16;
const SUM = 32;
const CHUNK = 1024 * 1024;

/** How often a backup being written refreshes its `.partial` file's time, and when one counts as abandoned. */
export const PARTIAL_HEARTBEAT_MS = 60_000;
export const PARTIAL_STALE_MS = 3600_000;

/** A refusal whose message is the catalogue's Spanish text for the person running the command. */
export class BackupArchiveError extends Error {}

export function keyId(key: Buffer) {
  return createHmac('sha256', key).update('clinica-backup-key-id').digest().subarray(0, 8);
}

export interface ArchiveWriter {
  /** Adds an entry from bytes or a stream of chunks. */
  entry(name: string, source: Buffer | Uint8Array | AsyncIterable<Buffer | Uint8Array>): Promise<void>;
}

/**
 * Writes an archive to `file` (through `file.partial`, renamed once complete and flushed, mode 0600),
 * letting `fill` add the entries. Returns the archive's size in bytes.
 */
export async function writeArchive(file: string, key: Buffer, fill: (w: ArchiveWriter) => Promise<void>): Promise<number> {
  const partial = `${file}.partial`;
  const handle = await fs.open(partial, 'wx', 0o600);
  // A partial file untouched for PARTIAL_STALE_MS was left by a killed backup and is pruned
  // (backups.service.ts): while this one lives, its time is kept fresh even when nothing is written
  // for a while (PGlite's snapshot, a pg_dump waiting for a lock).
  const heartbeat = setInterval(() => {
    const now = new Date();
    void handle.utimes(now, now).catch(() => undefined);
  }, PARTIAL_HEARTBEAT_MS);
  heartbeat.unref();
  const hash = createHash('sha256');
  let size = 0;
  const out = async (bytes: Buffer) => {
    if (bytes.length === 0) return;
    hash.update(bytes);
    size += bytes.length;
    await handle.write(bytes);
  };
  try {
    const iv = randomBytes(12);
    const aad = Buffer.concat([MAGIC, keyId(key)]);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(aad);
    await out(Buffer.concat([aad, iv]));
    const plain = (bytes: Buffer) => out(cipher.update(bytes));
    await fill({
      async entry(name, source) {
        const nameBytes = Buffer.from(name, 'utf8');
        const head = Buffer.alloc(3);
        head.writeUInt8(1, 0);
        head.writeUInt16BE(nameBytes.length, 1);
        await plain(Buffer.concat([head, nameBytes]));
        const chunk = async (bytes: Buffer) => {
          for (let at = 0; at < bytes.length; at += CHUNK) {
            const part = bytes.subarray(at, at + CHUNK);
            const len = Buffer.alloc(4);
            len.writeUInt32BE(part.length, 0);
            await plain(Buffer.concat([len, part]));
          }
        };
        if (source instanceof Uint8Array) await chunk(Buffer.from(source.buffer, source.byteOffset, source.byteLength));
        else for await (const part of source) await chunk(Buffer.from(part.buffer, part.byteOffset, part.byteLength));
        await plain(Buffer.alloc(4));
      },
    });
    await plain(Buffer.alloc(1));
    await out(cipher.final());
    await out(cipher.getAuthTag());
    const sum = hash.digest();
    await handle.write(sum);
    size += sum.length;
    await handle.sync();
  } catch (err) {
    clearInterval(heartbeat);
    await handle.close();
    await fs.rm(partial, { force: true });
    throw err;
  }
  clearInterval(heartbeat);
  await handle.close();
  await fs.rename(partial, file);
  return size;
}

/** Where one entry's bytes go while an archive is read. */
export interface EntrySink {
  write(bytes: Buffer): Promise<void> | void;
  end(): Promise<void> | void;
}

async function* fileRange(file: string, start: number, end: number) {
  const handle = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(CHUNK);
    for (let at = start; at < end; ) {
      const { bytesRead } = await handle.read(buf, 0, Math.min(CHUNK, end - at), at);
      if (bytesRead === 0) throw new BackupArchiveError(messages.backupArchiveDamaged);
      at += bytesRead;
      yield Buffer.from(buf.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buf: Buffer = Buffer.alloc(0);
  constructor(private readonly source: AsyncIterator<Buffer>) {}
  async take(n: number): Promise<Buffer> {
    while (this.buf.length < n) {
      const next = await this.source.next();
      if (next.done) throw new BackupArchiveError(messages.backupArchiveDamaged);
      this.buf = this.buf.length === 0 ? next.value : Buffer.concat([this.buf, next.value]);
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }
  /** True when nothing follows (empty chunks aside, such as GCM's final one). */
  async rest() {
    if (this.buf.length > 0) return false;
    for (;;) {
      const next = await this.source.next();
      if (next.done) return true;
      if (next.value.length > 0) return false;
    }
  }
}

/**
 * Reads an archive: the checksum first, then the key, then the decrypted entries, each handed to
 * `open(name)`'s sink. A damaged file or a wrong key throws BackupArchiveError with its Spanish
 * message. GCM only proves the whole when its tag is checked at the end, so a caller that must
 * write nothing from a bad archive reads it twice: once with sinks that keep nothing (`verifyArchive`),
 * then for real; both reads of a private copy nobody else can rewrite (backup-restore.ts), so the
 * second read is of the bytes the first one checked.
 */
export async function readArchive(
  file: string,
  key: Buffer,
  open: (name: string) => Promise<EntrySink> | EntrySink,
  opts: { stopAfter?: string } = {},
) {
  const stat = await fs.stat(file).catch(() => {
    throw new BackupArchiveError(messages.backupArchiveMissing);
  });
  if (stat.size < HEADER + TAG + SUM + 1) throw new BackupArchiveError(messages.backupArchiveDamaged);
  const head = Buffer.alloc(HEADER);
  const trailer = Buffer.alloc(TAG + SUM);
  const handle = await fs.open(file, 'r');
  try {
    await handle.read(head, 0, HEADER, 0);
    await handle.read(trailer, 0, TAG + SUM, stat.size - TAG - SUM);
  } finally {
    await handle.close();
  }
  if (!head.subarray(0, MAGIC.length).equals(MAGIC)) throw new BackupArchiveError(messages.backupArchiveDamaged);
  const hash = createHash('sha256');
  for await (const part of fileRange(file, 0, stat.size - SUM)) hash.update(part);
  if (!timingSafeEqual(hash.digest(), trailer.subarray(TAG))) throw new BackupArchiveError(messages.backupArchiveDamaged);
  if (!timingSafeEqual(head.subarray(MAGIC.length, MAGIC.length + 8), keyId(key))) {
    throw new BackupArchiveError(messages.backupArchiveWrongKey);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, head.subarray(MAGIC.length + 8));
  decipher.setAAD(head.subarray(0, MAGIC.length + 8));
  decipher.setAuthTag(trailer.subarray(0, TAG));
  async function* plain() {
    for await (const part of fileRange(file, HEADER, stat.size - TAG - SUM)) yield decipher.update(part);
    try {
      yield decipher.final();
    } catch {
      throw new BackupArchiveError(messages.backupArchiveDamaged);
    }
  }
  const reader = new ByteReader(plain());
  for (;;) {
    const kind = (await reader.take(1)).readUInt8(0);
    if (kind === 0) break;
    if (kind !== 1) throw new BackupArchiveError(messages.backupArchiveDamaged);
    const name = (await reader.take((await reader.take(2)).readUInt16BE(0))).toString('utf8');
    const sink = await open(name);
    for (;;) {
      const len = (await reader.take(4)).readUInt32BE(0);
      if (len === 0) break;
      await sink.write(await reader.take(len));
    }
    await sink.end();
    // Only for a private copy already verified whole (backup-restore.ts): nothing is read after the
    // entry whose end commits, so no later read can fail after it.
    if (name === opts.stopAfter) return;
  }
  // The final block (and its tag check) comes after the end marker: drain it.
  if (!(await reader.rest())) throw new BackupArchiveError(messages.backupArchiveDamaged);
}

/** Checks checksum, key and GCM tag without writing anything; returns the entries' names and the manifest. */
export async function verifyArchive(file: string, key: Buffer) {
  const names: string[] = [];
  let manifest: Buffer[] = [];
  await readArchive(file, key, (name) => {
    names.push(name);
    const keep = name === MANIFEST_ENTRY;
    if (keep) manifest = [];
    return { write: (b) => void (keep && manifest.push(b)), end: () => undefined };
  });
  if (manifest.length === 0) throw new BackupArchiveError(messages.backupArchiveDamaged);
  return { names, manifest: JSON.parse(Buffer.concat(manifest).toString('utf8')) as BackupManifest };
}

export const MANIFEST_ENTRY = 'manifest.json';

/** What an archive says about itself (its last entry). */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  versions: { node: string; pglite: string; drizzle: string };
  database: { kind: 'pglite' | 'postgres'; serverVersion: string; entry: string };
  migrations: { count: number; last: string | null };
  storageDriver: 'local' | 'postgres';
  /** Rows counted just before the snapshot: the archive holds at least these. */
  counts: Record<string, number>;
  files: { count: number; bytes: number };
}
