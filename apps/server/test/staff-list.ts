import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { messages } from '@clinica/shared';

/**
 * The assertions every staff list's API test makes (issue 21, decision 0047): one piece instead of
 * a copy per list. A list is read through `read(query)`, the query string of the page
 * (`?limit=…&cursor=…`); `key` names a row.
 */

export interface ListPage<R> {
  items: R[];
  next_cursor: string | null;
}

/** Every page from the first, following next_cursor; no page is longer than `limit`. */
export async function walkPages<R>(read: (query: string) => Promise<ListPage<R>>, limit: number, key: (row: R) => string) {
  const seen: string[] = [];
  let page = await read(`?limit=${limit}`);
  for (;;) {
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items.map(key));
    if (!page.next_cursor) return seen;
    page = await read(`?limit=${limit}&cursor=${page.next_cursor}`);
  }
}

/** Walked at each size, the pages show every row of `all` exactly once (none repeated, none skipped). */
export async function expectEveryRowOnce<R>(
  read: (query: string) => Promise<ListPage<R>>,
  key: (row: R) => string,
  all: string[],
  limits: number[] = [20, 25, 100],
) {
  for (const limit of limits) {
    const seen = await walkPages(read, limit, key);
    expect(new Set(seen).size, `limit ${limit}`).toBe(seen.length);
    expect([...seen].sort(), `limit ${limit}`).toEqual([...all].sort());
  }
}

/**
 * The one first-name search (decision 0039): 'maria', 'MARIA', 'María' and 'mari' find exactly
 * `found` (the names of the people called María and Mariano); 'amaria' (the middle of
 * 'Rosamaría' or 'Ana María') and '%' (LIKE's own character, searched as text) find nothing.
 */
export async function expectFoldedPrefixSearch<R>(search: (text: string) => Promise<ListPage<R>>, name: (row: R) => string, found: string[]) {
  for (const q of ['maria', 'MARIA', 'María', 'mari']) {
    expect((await search(q)).items.map(name).sort(), q).toEqual([...found].sort());
  }
  expect((await search('amaria')).items).toEqual([]);
  expect((await search('%')).items).toEqual([]);
}

/**
 * A page size or cursor the list cannot take answers 400 with the catalogue's message, and a
 * well-formed cursor that is not one of ours 400 too. `request(query)` makes one call of the
 * list (or of each of its routes: all of them are checked).
 */
export async function expectPagingRefusals(
  request: (query: string) => Promise<LightMyRequestResponse>[] | Promise<LightMyRequestResponse>,
  /** More `[query, message]` cases of this list's own (a cursor of another list's shape, say). */
  more: readonly (readonly [string, string])[] = [],
) {
  const all = async (query: string) => Promise.all([request(query)].flat());
  for (const [query, message] of [
    ['?limit=0', messages.pageSizeInvalid],
    ['?limit=101', messages.pageSizeInvalid],
    ['?limit=abc', messages.pageSizeInvalid],
    ['?limit=2.5', messages.pageSizeInvalid],
    ['?limit=-3', messages.pageSizeInvalid],
    ['?cursor=no%20v%C3%A1lido', messages.pageCursorInvalid],
    ...more,
  ] as const) {
    for (const res of await all(query)) {
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ success: boolean; message: string }>(), query).toMatchObject({ success: false, message });
    }
  }
  for (const res of await all('?cursor=Zm9vfGJhcg')) expect(res.statusCode).toBe(400);
}
