import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { createTestApp, type TestApp } from '../harness.js';
import { member } from './support.js';
import { select } from '../../src/modules/records/records.test-support.js';

// Cross-site request forgery (issue 11, item 5): every state-changing call from a foreign
// Origin is refused with 403 before its route runs, even with live sessions of all three roles,
// and writes nothing. (The chat's WebSocket handshake is checked the same way in chat.test.ts.)

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const people = [await member(t, 'patient'), await member(t, 'admin'), await member(t, 'doctor')];
  cookie = people.map((p) => p.jar.header).join('; ');
});
afterAll(async () => t.close());

/** Row counts of every table but the audit trail (which records the refusals themselves). */
async function counts() {
  const tables = await select<{ table_name: string }>(
    t,
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'audit_log' order by 1",
  );
  const out: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await select<{ n: number }>(t, `select count(*)::int as n from "${table_name}"`);
    out[table_name] = row!.n;
  }
  return out;
}

const concrete = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'x'));

describe('a foreign Origin', () => {
  it('is refused on every state-changing route, signed in as every role, writing nothing', async () => {
    const changing = t.app.routeTable.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.url.startsWith('/api/'));
    expect(changing.length).toBeGreaterThan(30);
    const before = await counts();
    for (const route of changing) {
      for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example']) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: concrete(route.url),
          headers: { cookie, origin, 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'x@example.com', password: 'x', motivo: 'x', revisado: true }),
        });
        expect(res.statusCode, `${route.method} ${route.url} from ${origin}`).toBe(403);
        expect(res.json()).toEqual({ success: false, message: messages.foreignOrigin });
      }
    }
    expect(await counts()).toEqual(before);
    // The sessions survived: a refused forgery signs nobody out.
    const still = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(still.json()).toMatchObject({ loggedIn: true });
  });
});
