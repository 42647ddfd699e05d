import { z } from 'zod/mini';
import { safeText } from './text.schema.js';
import { messages } from '../messages.js';
import { requiredText } from './auth.schema.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Publishing: news and blog written by administrators, the gallery, the sponsor banners.
 * Field names are the specification's (docs/spec/staff.md: tituloNoticia, descripcionNoticia, imagenNoticia;
 * docs/spec/patient-and-public.md: titulo, descripcion, imagen_url, fecha, fecha_creacion, contenido).
 */

/**
 * The size each kind of picture is shown at, in CSS pixels: uploads are resized once to fit this
 * box (1x) and twice its size (2x), so pages never download more than they show.
 * News images are 150 px wide (docs/spec/patient-and-public.md, section 9).
 */
export const PUBLIC_IMAGE_BOX = {
  news: { width: 150, height: 450 },
  blog: { width: 640, height: 640 },
  gallery: { width: 300, height: 300 },
  sponsor: { width: 300, height: 150 },
} as const;
export type PublicImageKind = keyof typeof PUBLIC_IMAGE_BOX;

/** The multipart file field of the news and blog forms. */
export const NEWS_IMAGE_FIELD = 'imagenNoticia';
/** The multipart file field of the gallery upload (one call per file). */
export const GALLERY_IMAGE_FIELD = 'image';
/** The multipart file field of the sponsor form. */
export const SPONSOR_IMAGE_FIELD = 'imagen';

/** Text fields of the news form ('Registro Nuevo'); the photo travels as `imagenNoticia`. */
export const newsFormSchema = lazySchema(() => z.object({
  tituloNoticia: requiredText(200),
  descripcionNoticia: requiredText(5000, true),
}));
export type NewsForm = z.infer<typeof newsFormSchema>;

/** Text fields of the blog form: the same names as the news form (docs/spec/staff.md, section 7). */
export const blogFormSchema = lazySchema(() => z.object({
  tituloNoticia: requiredText(200),
  descripcionNoticia: requiredText(20000, true),
}));
export type BlogForm = z.infer<typeof blogFormSchema>;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
};

/** A sponsor: its name and where its banner leads (http or https only, never a script URL). */
export const sponsorFormSchema = lazySchema(() => z.object({
  nombre: requiredText(100),
  enlace: safeText({ error: messages.missingFields }).check(
    z.trim(),
    z.minLength(1, messages.missingFields),
    z.maxLength(500, messages.fieldTooLong),
    z.refine(isHttpUrl, messages.invalidLink),
  ),
}));
export type SponsorForm = z.infer<typeof sponsorFormSchema>;

/** A picture as the pages receive it: URLs of both sizes and the 1x size, so the page reserves its box. */
const imageFields = lazySchema(() => ({
  imagen_url: z.string(),
  imagen_url_2x: z.string(),
  imagen_ancho: z.number().check(z.int()),
  imagen_alto: z.number().check(z.int()),
}));

export const newsItemSchema = lazySchema(() => z.object({
  id: z.uuid(),
  titulo: z.string(),
  descripcion: z.string(),
  ...imageFields,
  /** ISO 8601 date and time of publication. */
  fecha: z.string(),
}));
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsListSchema = lazySchema(() => z.array(newsItemSchema));

export const blogPostSchema = lazySchema(() => z.object({
  id: z.uuid(),
  titulo: z.string(),
  contenido: z.string(),
  ...imageFields,
  /** ISO 8601 date and time the post was created. */
  fecha_creacion: z.string(),
}));
export type BlogPost = z.infer<typeof blogPostSchema>;
export const blogListSchema = lazySchema(() => z.array(blogPostSchema));

/** Gallery image (docs/spec/staff.md: id, url, nombre), with the 2x URL and the shown size. */
export const galleryImageSchema = lazySchema(() => z.object({
  id: z.uuid(),
  nombre: z.string(),
  url: z.string(),
  url_2x: z.string(),
  ancho: z.number().check(z.int()),
  alto: z.number().check(z.int()),
}));
export type GalleryImage = z.infer<typeof galleryImageSchema>;
export const galleryListSchema = lazySchema(() => z.array(galleryImageSchema));

export const sponsorSchema = lazySchema(() => z.object({
  id: z.uuid(),
  nombre: z.string(),
  enlace: z.string(),
  ...imageFields,
}));
export type Sponsor = z.infer<typeof sponsorSchema>;
export const sponsorListSchema = lazySchema(() => z.array(sponsorSchema));

/** Answer of the publishing forms: the specification's pages read `mensaje` ('Registro exitoso'). */
export const publishResultSchema = lazySchema(() => z.object({
  success: z.literal(true),
  mensaje: z.string(),
  id: z.optional(z.uuid()),
}));
export type PublishResult = z.infer<typeof publishResultSchema>;

/** Answer of the gallery upload: `success` and `message` (docs/spec/staff.md, "Gallery"). */
export const uploadResultSchema = lazySchema(() => z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.uuid(),
}));
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const recordIdParamsSchema = lazySchema(() => z.object({ id: z.uuid({ error: messages.notFound }) }));

/** Path of a public image: the storage key and the format, e.g. `3f0c…e1.webp`. */
export const publicImageParamsSchema = lazySchema(() => z.object({
  file: safeText().check(z.regex(/^[0-9a-f-]{36}\.webp$/, messages.notFound)),
}));
