import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { blogPosts, newsItems, publicImages } from '../../db/schema.js';

const imageColumns = {
  width: publicImages.width,
  height: publicImages.height,
  key_1x: publicImages.key_1x,
  key_2x: publicImages.key_2x,
};

/** SQL of the news items and blog posts. */
export function newsRepository(db: Db) {
  return {
    async listNews(limit: number) {
      return db
        .select({
          id: newsItems.id,
          titulo: newsItems.titulo,
          descripcion: newsItems.descripcion,
          created_at: newsItems.created_at,
          ...imageColumns,
        })
        .from(newsItems)
        .innerJoin(publicImages, eq(publicImages.id, newsItems.image_id))
        .orderBy(desc(newsItems.created_at), desc(newsItems.id))
        .limit(limit);
    },

    async insertNews(row: typeof newsItems.$inferInsert) {
      const [inserted] = await db.insert(newsItems).values(row).returning({ id: newsItems.id });
      if (!inserted) throw new Error('news item not inserted');
      return inserted;
    },

    /** Updates the item; returns the image it showed before, or undefined when there is no such item. */
    async updateNews(id: string, changes: Partial<Pick<typeof newsItems.$inferInsert, 'titulo' | 'descripcion' | 'image_id'>> & { updated_at: Date }) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ image_id: newsItems.image_id }).from(newsItems).where(eq(newsItems.id, id)).for('update');
        if (!before) return undefined;
        await tx.update(newsItems).set(changes).where(eq(newsItems.id, id));
        return before;
      });
    },

    /** Deletes the item; returns the image it showed, or undefined when there is no such item. */
    async deleteNews(id: string) {
      const [row] = await db.delete(newsItems).where(eq(newsItems.id, id)).returning({ image_id: newsItems.image_id });
      return row;
    },

    async listBlog(limit: number) {
      return db
        .select({
          id: blogPosts.id,
          titulo: blogPosts.titulo,
          contenido: blogPosts.contenido,
          fecha_creacion: blogPosts.fecha_creacion,
          ...imageColumns,
        })
        .from(blogPosts)
        .innerJoin(publicImages, eq(publicImages.id, blogPosts.image_id))
        .orderBy(desc(blogPosts.fecha_creacion), desc(blogPosts.id))
        .limit(limit);
    },

    async insertBlog(row: typeof blogPosts.$inferInsert) {
      const [inserted] = await db.insert(blogPosts).values(row).returning({ id: blogPosts.id });
      if (!inserted) throw new Error('blog post not inserted');
      return inserted;
    },

    async updateBlog(id: string, changes: Partial<Pick<typeof blogPosts.$inferInsert, 'titulo' | 'contenido' | 'image_id'>> & { updated_at: Date }) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ image_id: blogPosts.image_id }).from(blogPosts).where(eq(blogPosts.id, id)).for('update');
        if (!before) return undefined;
        await tx.update(blogPosts).set(changes).where(eq(blogPosts.id, id));
        return before;
      });
    },

    async deleteBlog(id: string) {
      const [row] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ image_id: blogPosts.image_id });
      return row;
    },
  };
}
export type NewsRepository = ReturnType<typeof newsRepository>;
