import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { galleryImages, publicImages } from '../../db/schema.js';

/** SQL of the gallery. */
export function galleryRepository(db: Db) {
  return {
    async list() {
      return db
        .select({
          id: galleryImages.id,
          nombre: galleryImages.nombre,
          width: publicImages.width,
          height: publicImages.height,
          key_1x: publicImages.key_1x,
          key_2x: publicImages.key_2x,
        })
        .from(galleryImages)
        .innerJoin(publicImages, eq(publicImages.id, galleryImages.image_id))
        .orderBy(desc(galleryImages.created_at), desc(galleryImages.id));
    },

    async insert(row: typeof galleryImages.$inferInsert) {
      const [inserted] = await db.insert(galleryImages).values(row).returning({ id: galleryImages.id });
      if (!inserted) throw new Error('gallery image not inserted');
      return inserted;
    },

    async delete(id: string) {
      const [row] = await db.delete(galleryImages).where(eq(galleryImages.id, id)).returning({ image_id: galleryImages.image_id });
      return row;
    },
  };
}
export type GalleryRepository = ReturnType<typeof galleryRepository>;
