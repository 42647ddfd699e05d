import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { publicImages, sponsors } from '../../db/schema.js';

/** SQL of the sponsors shown in the banner areas. */
export function sponsorsRepository(db: Db) {
  return {
    async list() {
      return db
        .select({
          id: sponsors.id,
          nombre: sponsors.nombre,
          enlace: sponsors.enlace,
          width: publicImages.width,
          height: publicImages.height,
          key_1x: publicImages.key_1x,
          key_2x: publicImages.key_2x,
        })
        .from(sponsors)
        .innerJoin(publicImages, eq(publicImages.id, sponsors.image_id))
        .orderBy(asc(sponsors.created_at), asc(sponsors.id));
    },

    async insert(row: typeof sponsors.$inferInsert) {
      const [inserted] = await db.insert(sponsors).values(row).returning({ id: sponsors.id });
      if (!inserted) throw new Error('sponsor not inserted');
      return inserted;
    },

    /** Updates the sponsor; returns the image it showed before, or undefined when there is none. */
    async update(id: string, changes: Partial<Pick<typeof sponsors.$inferInsert, 'nombre' | 'enlace' | 'image_id'>> & { updated_at: Date }) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ image_id: sponsors.image_id }).from(sponsors).where(eq(sponsors.id, id)).for('update');
        if (!before) return undefined;
        await tx.update(sponsors).set(changes).where(eq(sponsors.id, id));
        return before;
      });
    },

    async delete(id: string) {
      const [row] = await db.delete(sponsors).where(eq(sponsors.id, id)).returning({ image_id: sponsors.image_id });
      return row;
    },
  };
}
export type SponsorsRepository = ReturnType<typeof sponsorsRepository>;
