import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, patients } from '../../db/schema.js';
import { afterCursor, cursorText, type Keyset } from '../../infra/http/keyset.js';
import { foldedPrefix } from '../../infra/http/name-search.js';

/** SQL of the administrators' patients screen. */
export function patientsAdminRepository(db: Db) {
  return {
    /** Patients, newest first, optionally by first name (case- and accent-folded prefix, indexed). */
    async list(filter: { nombre?: string; after?: Keyset; limit: number }) {
      const conditions = [];
      if (filter.nombre) conditions.push(foldedPrefix(patients.nombre, filter.nombre));
      if (filter.after) conditions.push(afterCursor(patients.created_at, patients.id, filter.after));
      return db
        .select({
          id: patients.id,
          nombre: patients.nombre,
          apellido: patients.apellido,
          cedula: patients.cedula,
          correo: patients.correo,
          created_at: patients.created_at,
          cursor_at: cursorText(patients.created_at),
        })
        .from(patients)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(patients.created_at), desc(patients.id))
        .limit(filter.limit);
    },

    async detail(id: string) {
      const [row] = await db
        .select({ p: patients, image_nombre: files.nombre })
        .from(patients)
        .leftJoin(files, eq(files.id, patients.image_cedula_file_id))
        .where(eq(patients.id, id));
      return row;
    },
  };
}
