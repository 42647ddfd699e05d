import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staff } from './schema-accounts.js';

/**
 * Publishing: news, blog, gallery and sponsors, and the public images they show.
 * Public images are not medical data: they are stored unencrypted and served to anybody by the
 * storage keys listed here (and only those, so no other stored file can be fetched this way).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * One uploaded picture, resized once on upload to the size its page shows: a 1x and a 2x WebP,
 * each a storage object whose key never names other bytes (so its URL can be cached forever).
 */
export const publicImages = pgTable(
  'public_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['news', 'blog', 'gallery', 'sponsor'] }).notNull(),
    /** Size of the 1x variant in CSS pixels; the 2x variant is twice as large. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    key_1x: uuid('key_1x').notNull(),
    key_2x: uuid('key_2x').notNull(),
    bytes: integer('bytes').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('public_images_key_1x_key').on(t.key_1x),
    uniqueIndex('public_images_key_2x_key').on(t.key_2x),
    check('public_images_size_positive', sql`${t.width} > 0 AND ${t.height} > 0`),
  ],
);

export const newsItems = pgTable(
  'news_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titulo: text('titulo').notNull(),
    descripcion: text('descripcion').notNull(),
    image_id: uuid('image_id')
      .notNull()
      .references(() => publicImages.id),
    created_by: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    /** The date the item was published (`fecha` in the answers). */
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [index('news_items_created_idx').on(t.created_at)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titulo: text('titulo').notNull(),
    contenido: text('contenido').notNull(),
    image_id: uuid('image_id')
      .notNull()
      .references(() => publicImages.id),
    created_by: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    fecha_creacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [index('blog_posts_fecha_creacion_idx').on(t.fecha_creacion)],
);

export const galleryImages = pgTable(
  'gallery_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nombre: text('nombre').notNull(),
    image_id: uuid('image_id')
      .notNull()
      .references(() => publicImages.id),
    created_by: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('gallery_images_created_idx').on(t.created_at)],
);

export const sponsors = pgTable(
  'sponsors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nombre: text('nombre').notNull(),
    /** Where the banner leads; http(s) only (checked by the shared schema). */
    enlace: text('enlace').notNull(),
    image_id: uuid('image_id')
      .notNull()
      .references(() => publicImages.id),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [check('sponsors_enlace_http', sql`${t.enlace} ~ '^https?://'`)],
);
