import crypto from 'node:crypto';
import { getTableColumns, inArray, isTable, type Column } from 'drizzle-orm';
import { customType, PgCustomColumn, type PgTable } from 'drizzle-orm/pg-core';
import { decrypt, encrypt, type Keyring } from '../infra/keyring.js';

/**
 * Clinical and identity text encrypted in the database (issue 19, decision 0030): the columns
 * declared with `encryptedText` / `encryptedNumber` hold `e1:` + base64 of AES-256-GCM (iv, tag,
 * ciphertext) under the file keyring (FILE_ENCRYPTION_KEY + FILE_ENCRYPTION_PREVIOUS_KEYS, the
 * storage plugin's `encrypt`/`decrypt`). Drizzle applies the codec on every insert, update and
 * select of such a column, so repositories read and write plain values and no query encrypts by
 * hand. What this cannot do: compare, sort or search such a column in SQL (a fresh IV each time);
 * exact matches go through a keyed blind index (`blindIndex`, `matchesBlindIndex`).
 *
 * The keyring is the process's: the server, the key rotation command and the benchmarks set it
 * once from the configuration (`useFieldKeys`) before any query. Every app of one process uses
 * the same configuration, so one keyring per process is what actually happens.
 */

const PREFIX = 'e1:';
let keyring: Keyring | undefined;

/** Sets the keyring every encrypted column uses (the configuration's `fileKeys`). */
export function useFieldKeys(keys: Keyring) {
  keyring = keys;
}

function keys(): Keyring {
  if (!keyring) throw new Error('field encryption keys not set (useFieldKeys)');
  return keyring;
}

/** Encrypts one value for an encrypted column. */
export function sealText(plain: string): string {
  return PREFIX + encrypt(keys(), Buffer.from(plain, 'utf8')).toString('base64');
}

/** True when a stored value is already sealed (the start-up step and the rotation skip or re-seal it). */
export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/**
 * Decrypts a stored value. A value that is not sealed, or that no key of the ring opens, throws:
 * reading it as text would hand a tampered or unmigrated value to a doctor as if it were data.
 */
export function openText(stored: string): string {
  if (!isSealed(stored)) throw new Error('encrypted column holds a value that is not sealed');
  return decrypt(keys(), Buffer.from(stored.slice(PREFIX.length), 'base64')).toString('utf8');
}

/** A text column stored encrypted. */
export const encryptedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: sealText,
  fromDriver: openText,
});

const sealNumber = (n: number) => sealText(String(n));
const openNumber = (stored: string) => Number(openText(stored));

/** A number stored encrypted (vital signs: weight, height). */
export const encryptedNumber = customType<{ data: number; driverData: string }>({
  dataType: () => 'text',
  toDriver: sealNumber,
  fromDriver: openNumber,
});

/**
 * A JSON value stored encrypted inside a jsonb column, as `{ "e": <sealed text> }` (the column keeps
 * its type and its checks; a Ley 81 correction's new cédula, address and phone are identity data,
 * decision 0030). A value without `e` (`{}` after a closing) reads as it is.
 */
export const encryptedJson = <T>() =>
  customType<{ data: T; driverData: string | { e?: string } }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify({ e: sealText(JSON.stringify(value)) }),
    fromDriver: (stored) => {
      const v = (typeof stored === 'string' ? JSON.parse(stored) : stored) as { e?: string };
      return (typeof v.e === 'string' ? JSON.parse(openText(v.e)) : v) as T;
    },
  });

/** Whether a column of the schema is one of the encrypted ones (the start-up step and the rotation find them by this). */
export function isEncryptedColumn(column: Column): boolean {
  if (!(column instanceof PgCustomColumn)) return false;
  const mapTo = (column as unknown as { mapTo?: unknown }).mapTo;
  return mapTo === sealText || mapTo === sealNumber;
}

/** Every encrypted column of a schema module, with its table. */
export function encryptedColumnsOf(schema: Record<string, unknown>): { table: PgTable; columns: Column[] }[] {
  const out: { table: PgTable; columns: Column[] }[] = [];
  for (const value of Object.values(schema)) {
    if (!isTable(value)) continue;
    const columns: Column[] = Object.values(getTableColumns(value) as Record<string, Column>).filter(isEncryptedColumn);
    if (columns.length > 0) out.push({ table: value as PgTable, columns });
  }
  return out;
}

// --- blind index -------------------------------------------------------------------------------

/**
 * The blind-index key of one file key: HKDF-SHA-256, so the index never reuses the encryption key
 * itself and a leaked index key opens nothing.
 */
const indexKeys = new WeakMap<Buffer, Buffer>();
function indexKeyOf(fileKey: Buffer): Buffer {
  let k = indexKeys.get(fileKey);
  if (!k) {
    k = Buffer.from(crypto.hkdfSync('sha256', fileKey, Buffer.alloc(0), 'clinica blind index v1', 32));
    indexKeys.set(fileKey, k);
  }
  return k;
}

/** What an exact match compares: NFC, no surrounding or inner blanks, upper case (8-123-456 = 8-123-456 ). */
const normalise = (value: string) => value.normalize('NFC').replace(/\s+/g, '').toUpperCase();

const hmac = (fileKey: Buffer, value: string) => crypto.createHmac('sha256', indexKeyOf(fileKey)).update(normalise(value), 'utf8').digest('hex');

/** The blind index stored beside an encrypted value (HMAC-SHA-256 under the current key's index key). */
export function blindIndex(value: string): string {
  return hmac(keys().current, value);
}

/**
 * An exact-match condition on a blind-index column: the index under the current key or any
 * previous one, so a match still works while `rotate-file-key` has not yet re-indexed a row.
 */
export function matchesBlindIndex(column: Column, value: string) {
  const ring = keys();
  return inArray(column, [ring.current, ...ring.previous].map((k) => hmac(k, value)));
}
