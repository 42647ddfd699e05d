import { eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { publicImages } from '../../db/schema.js';

export type NewPublicImage = typeof publicImages.$inferInsert;

/** SQL of the public images (the pictures of news, blog, gallery and sponsors). */
export function mediaRepository(db: Db) {
  return {
    async insert(image: NewPublicImage) {
      const [row] = await db.insert(publicImages).values(image).returning();
      if (!row) throw new Error('public image not inserted');
      return row;
    },

    /** The image one of whose variants has this storage key, or undefined. */
    async findByKey(key: string) {
      const [row] = await db
        .select({ id: publicImages.id, key_1x: publicImages.key_1x, key_2x: publicImages.key_2x })
        .from(publicImages)
        .where(or(eq(publicImages.key_1x, key), eq(publicImages.key_2x, key)));
      return row;
    },

    /** Deletes the rows and returns their storage keys. */
    async delete(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .delete(publicImages)
        .where(inArray(publicImages.id, ids))
        .returning({ key_1x: publicImages.key_1x, key_2x: publicImages.key_2x });
    },
  };
}
export type MediaRepository = ReturnType<typeof mediaRepository>;
