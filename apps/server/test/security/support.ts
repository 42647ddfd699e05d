import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { messages } from '@clinica/shared';
import { CookieJar, type TestApp } from '../harness.js';
import { patient, staffMember, PASSWORD, type Person } from '../../src/modules/records/records.test-support.js';

/** Helpers of the security tests (not a test file). */

export type Identity = 'anonymous' | 'patient' | 'patient2' | 'doctor' | 'doctor2' | 'admin';
export const IDENTITIES: readonly Identity[] = ['anonymous', 'patient', 'patient2', 'doctor', 'doctor2', 'admin'];
export const roleOf = (i: Identity) => (i === 'patient2' ? 'patient' : i === 'doctor2' ? 'doctor' : i);

export interface Member extends Person {
  role: 'patient' | 'admin' | 'doctor';
  /** Signs in again (a new session) after a call that ended the session. */
  relogin(): Promise<void>;
}

const CATALOGUE = new Set<string>(Object.values(messages));

/** Whether a text is one of the catalogue's Spanish messages. */
export const inCatalogue = (m: unknown) => typeof m === 'string' && CATALOGUE.has(m);

/** A new account of the role, registered and signed in through the API. */
export async function member(t: TestApp, role: 'patient' | 'admin' | 'doctor', over: Record<string, string> = {}): Promise<Member> {
  const p = role === 'patient' ? await patient(t, over) : await staffMember(t, role, over);
  const m: Member = {
    ...p,
    role,
    async relogin() {
      const url = role === 'patient' ? '/api/auth/login' : `/api/${role}/login`;
      const jar = new CookieJar();
      const res = jar.store(await t.app.inject({ method: 'POST', url, payload: { email: p.correo, password: PASSWORD } }));
      if (res.statusCode !== 200) throw new Error(res.body);
      m.jar = jar;
    },
  };
  return m;
}

/** A refusal carries nothing but `{ success: false, message }` with a catalogue message (and field errors on a 400). */
export function expectBareRefusal(res: LightMyRequestResponse, context: string) {
  const body = res.json<Record<string, unknown>>();
  const keys = Object.keys(body).filter((k) => body[k] !== undefined);
  const allowed = res.statusCode === 400 ? ['errors', 'message', 'success'] : ['message', 'success'];
  expect(keys.every((k) => allowed.includes(k)), `${context}: refusal carries ${keys.join(',')}: ${res.body}`).toBe(true);
  expect(body.success, context).toBe(false);
  expect(inCatalogue(body.message), `${context}: not a catalogue message: ${String(body.message)}`).toBe(true);
}

let ip = 0;
/** A client address of its own (the login throttle counts per address). */
export const freshIp = () => {
  ip += 1;
  return `10.77.${(ip >> 8) & 255}.${ip & 255}`;
};

/** The rows of a query (drizzle types them as unknown whichever the driver). */
export async function sqlRows<T>(t: TestApp, q: SQL): Promise<T[]> {
  const result: unknown = await t.app.db.execute(q);
  return (result as { rows: T[] }).rows;
}

// Tables written whatever the request says (sessions, the audit trail, the mail queue, the login
// throttle, a staff member's pending authenticator secret, a passkey ceremony's challenge):
// fingerprints leave them out.
const BOOKKEEPING = new Set(['sessions', 'audit_log', 'mail_jobs', '__drizzle_migrations', 'login_attempts', 'staff_two_factor', 'passkey_challenges']);

/** A fingerprint of every row of every table but the bookkeeping ones: equal before and after means nothing was written. */
export async function fingerprint(t: TestApp) {
  const tables = (
    await sqlRows<{ table_name: string }>(
      t,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((r) => r.table_name)
    .filter((n) => !BOOKKEEPING.has(n));
  const out: Record<string, string> = {};
  for (const name of tables) {
    const [r] = await sqlRows<{ h: string }>(t, sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`));
    out[name] = r?.h ?? '';
  }
  return out;
}
