import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { patients, suggestions } from '../../db/schema.js';
import { afterCursor, cursorText, type Keyset } from '../../infra/http/keyset.js';
import { foldedPrefix } from '../../infra/http/name-search.js';

/** SQL of suggestions. */
export function suggestionsRepository(db: Db) {
  return {
    async insert(row: { patient_id: string; sugerencia: string; fecha_registro: Date }) {
      await db.insert(suggestions).values(row);
    },

    /** Newest first, with the sender's name and e-mail; optionally by first name (folded prefix). */
    async list(filter: { nombre?: string; after?: Keyset; limit: number }) {
      const conditions = [];
      if (filter.nombre) conditions.push(foldedPrefix(patients.nombre, filter.nombre));
      if (filter.after) conditions.push(afterCursor(suggestions.fecha_registro, suggestions.id, filter.after));
      return db
        .select({
          id: suggestions.id,
          sugerencia: suggestions.sugerencia,
          nombre: patients.nombre,
          apellido: patients.apellido,
          correo: patients.correo,
          fecha_registro: suggestions.fecha_registro,
          cursor_at: cursorText(suggestions.fecha_registro),
        })
        .from(suggestions)
        .innerJoin(patients, eq(patients.id, suggestions.patient_id))
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(suggestions.fecha_registro), desc(suggestions.id))
        .limit(filter.limit);
    },
  };
}
