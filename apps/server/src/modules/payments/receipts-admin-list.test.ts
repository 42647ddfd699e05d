import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { expectEveryRowOnce, expectFoldedPrefixSearch, expectPagingRefusals } from '../../../test/staff-list.js';
import {
  call,
  cloneConsultation,
  consultation,
  patient,
  select,
  staffMember,
  type Person,
} from '../records/records.test-support.js';

// /Recibo_Admin (issue 21, decision 0039), with the receipts of virtual consultations: the first-name search folds accents and matches from
// the start like every other staff search, and the list pages by keyset instead of stopping at 500.

let t: TestApp;
let admin: Person;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffMember(t, 'admin');
  const doctor = await staffMember(t, 'doctor');
  for (const nombre of ['María', 'Mariano', 'Rosamaría', 'Ana María']) {
    const who = await patient(t, { nombre, apellido: 'Prueba' });
    const made = await consultation(t, who, doctor.id);
    const [payment] = await select<{ token: string }>(
      t,
      `select p.token from payments p join consultations c on c.payment_id = p.id where c.id = '${made.id}'`,
    );
    tokens[nombre] = payment!.token;
    // 120 more of Rosamaría's: more than one page at every size the list takes.
    if (nombre === 'Rosamaría') await cloneConsultation(t, made.id, 120);
  }
});
afterAll(async () => t.close());

type Page = { items: { token: string; nombre: string }[]; next_cursor: string | null };
const list = async (query = '') => (await call(t, admin.jar, 'GET', `/api/admin/receipts${query}`)).json<Page>();
const search = async (input: string, query = '') =>
  (await call(t, admin.jar, 'POST', `/api/admin/receipts/search${query}`, { input })).json<Page>();

describe('the search of /Recibo_Admin', () => {
  it('finds the receipts of "María" when "maria" is typed, without case or accents, from the start of the first name', async () => {
    // Not in the middle of a name ('Rosamaría', 'Ana María'), and LIKE's own characters are text.
    await expectFoldedPrefixSearch(search, (r) => r.nombre, ['María', 'Mariano']);
  });

  it('pages the search like the list', async () => {
    const first = await search('maria', '?limit=1');
    expect(first.items).toHaveLength(1);
    const second = await search('maria', `?limit=1&cursor=${first.next_cursor}`);
    expect(second.next_cursor).toBeNull();
    expect([...first.items, ...second.items].map((r) => r.token).sort()).toEqual(
      [tokens['María'], tokens['Mariano']].sort(),
    );
  });
});

describe('the list of /Recibo_Admin', () => {
  it('shows every receipt once across its pages, newest first, with no 500-row cap', async () => {
    const all = (await select<{ token: string }>(t, 'select token from payments')).map((r) => r.token);
    expect(all).toHaveLength(124);
    await expectEveryRowOnce(list, (r) => r.token, all);
    // Twenty rows unless told.
    expect((await list()).items).toHaveLength(20);
  });

  it('refuses a page size or cursor it cannot take with the catalogue message, for the list and the search', async () => {
    await expectPagingRefusals((query) => [
      call(t, admin.jar, 'GET', `/api/admin/receipts${query}`),
      call(t, admin.jar, 'POST', `/api/admin/receipts/search${query}`, { input: 'maria' }),
    ]);
  });

  it('reads a page as a range of the index on (registration instant, id), not the whole table', async () => {
    await t.app.db.execute(sql`SET enable_seqscan = off`);
    try {
      const plan = await select<{ 'QUERY PLAN': string }>(
        t,
        `EXPLAIN SELECT id FROM payments WHERE (created_at, id) < (now(), gen_random_uuid()) ORDER BY created_at DESC, id DESC LIMIT 21`,
      );
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('payments_created_idx');
    } finally {
      await t.app.db.execute(sql`RESET enable_seqscan`);
    }
  });
});
