import { getTableColumns, sql, type Column } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import * as schema from './schema.js';
import { blindIndex, encryptedColumnsOf, isSealed, openText, sealText } from './field-crypto.js';

/**
 * Moves the encrypted columns' stored values to the current key (decision 0030):
 * - at start-up (`mode: 'plain'`): values written before encryption existed (plain text) are
 *   sealed, and missing blind indexes computed. Idempotent: a sealed value is left alone, and each
 *   row is updated only if it still holds what was read, so instances starting together agree;
 * - by `rotate-file-key` (`mode: 'all'`): every value is opened with whichever key of the ring
 *   wrote it and sealed again under the current key, and every blind index recomputed.
 * Rows go in batches by id, so a large table is never held in memory at once.
 */
const BATCH = 500;

type Row = Record<string, string | null>;
const rowsOf = (res: unknown) => (res as { rows: Row[] }).rows;

/** The blind indexes kept beside an encrypted column: the index column and the column it indexes. */
const BLIND_INDEXES: { table: PgTable; source: Column; index: Column }[] = [{ table: schema.patients, source: schema.patients.cedula, index: schema.patients.cedula_hmac }];

export async function sealColumns(db: Db, mode: 'plain' | 'all'): Promise<{ values: number }> {
  let values = 0;
  for (const { table, columns } of encryptedColumnsOf(schema)) {
    const name = getTableConfig(table).name;
    const blind = BLIND_INDEXES.filter((b) => b.table === table);
    const col = (c: Column) => sql.identifier(c.name);
    // Rows are paged and updated by the table's one-column primary key (`id` on most tables,
    // `patient_id` on patient_channels).
    const keyColumn = Object.values(getTableColumns(table) as Record<string, Column>).find((c) => c.primary);
    if (!keyColumn) throw new Error(`encrypted columns in ${name} need a one-column primary key`);
    const key = col(keyColumn);
    // The raw stored text of each column (selected through sql, so drizzle does not decode it).
    const selectList = sql.join(
      [sql`${key}::text AS "id"`, ...columns.map((c, i) => sql`${col(c)}::text AS ${sql.identifier(`c${i}`)}`), ...blind.map((b, i) => sql`${col(b.index)} AS ${sql.identifier(`b${i}`)}`)],
      sql`, `,
    );
    const needsWork =
      mode === 'all'
        ? sql`TRUE`
        : sql.join(
            [...columns.map((c) => sql`(${col(c)} IS NOT NULL AND ${col(c)}::text NOT LIKE 'e1:%')`), ...blind.map((b) => sql`${col(b.index)} IS NULL`)],
            sql` OR `,
          );
    let after: string | null = null;
    for (;;) {
      const page: Row[] = rowsOf(
        await db.execute(
          sql`SELECT ${selectList} FROM ${sql.identifier(name)} WHERE (${needsWork}) ${after === null ? sql`` : sql`AND ${key}::text > ${after}`} ORDER BY ${key}::text LIMIT ${BATCH}`,
        ),
      );
      if (page.length === 0) break;
      for (const row of page) {
        const sets = [];
        const unchanged = [];
        for (const [i, c] of columns.entries()) {
          const stored = row[`c${i}`] ?? null;
          if (stored === null) continue;
          if (mode === 'plain' && isSealed(stored)) continue;
          const plain = isSealed(stored) ? openText(stored) : stored;
          sets.push(sql`${col(c)} = ${sealText(plain)}`);
          unchanged.push(sql`${col(c)}::text = ${stored}`);
          // An empty cédula (a closed account, decision 0028) has no index: nothing may find it.
          for (const b of blind.filter((x) => x.source === c)) sets.push(sql`${col(b.index)} = ${plain === '' ? null : blindIndex(plain)}`);
          values++;
        }
        // A blind index missing beside an already sealed value (a row written between the two steps).
        for (const b of blind) {
          const i = columns.indexOf(b.source);
          const stored = row[`c${i}`];
          if (mode === 'plain' && row[`b${blind.indexOf(b)}`] === null && stored && isSealed(stored) && openText(stored) !== '') sets.push(sql`${col(b.index)} = ${blindIndex(openText(stored))}`);
        }
        if (sets.length === 0) continue;
        await db.execute(
          sql`UPDATE ${sql.identifier(name)} SET ${sql.join(sets, sql`, `)} WHERE ${key}::text = ${row.id} ${unchanged.length ? sql`AND ${sql.join(unchanged, sql` AND `)}` : sql``}`,
        );
      }
      after = page[page.length - 1]!.id!;
    }
  }
  return { values };
}
