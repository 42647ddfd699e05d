import crypto from 'node:crypto';
import sharp from 'sharp';
import { PUBLIC_IMAGE_BOX, messages, type PublicImageKind } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../infra/http/errors.js';
import { assertImage, type UploadedFile } from '../../infra/http/multipart.js';
import type { Storage } from '../../infra/storage.js';
import { mediaRepository } from './media.repository.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// Each upload is resized once; libvips' operation cache would only hold memory between them.
sharp.cache(false);

/** Larger pictures are refused before decoding: a small file can decode to gigabytes. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** A stored public image as entities reference it. */
export interface PublicImage {
  id: string;
  width: number;
  height: number;
  key_1x: string;
  key_2x: string;
}

/** The image fields of an answer (imagen_url, imagen_url_2x, imagen_ancho, imagen_alto). */
export const imageUrl = (key: string) => `/api/images/${key}.webp`;
export const imageFields = (image: Pick<PublicImage, 'width' | 'height' | 'key_1x' | 'key_2x'>) => ({
  imagen_url: imageUrl(image.key_1x),
  imagen_url_2x: imageUrl(image.key_2x),
  imagen_ancho: image.width,
  imagen_alto: image.height,
});

/**
 * The rules every publishing upload follows: a picture is required, and its content (magic bytes,
 * not its name) must be PNG, JPEG or WebP, or PNG alone for the blog form. Errors name the field.
 */
export async function checkUpload(file: UploadedFile | undefined, field: string, opts: { pngOnly?: boolean } = {}) {
  if (!file || file.bytes.length === 0) {
    throw new AppError(400, messages.photoRequired, { [field]: messages.photoRequired });
  }
  const mime = await assertImage(file.bytes).catch((err: unknown) => {
    // Too many pixels is said as such (read from the header, before anything decodes it); any other
    // doubt about the bytes is the invalid-image refusal.
    if (err instanceof AppError && err.message === messages.imageTooLarge) {
      throw new AppError(400, messages.imageTooManyPixels, { [field]: messages.imageTooManyPixels });
    }
    return undefined;
  });
  // 'PNG only' is about the kind of file; a PNG that is broken or carries more than an image is
  // the invalid-image refusal, like any other broken picture.
  const startsAsPng = file.bytes.subarray(0, 8).equals(PNG_SIGNATURE);
  if (opts.pngOnly && !startsAsPng) throw new AppError(400, messages.onlyPng, { [field]: messages.onlyPng });
  if (!mime) throw new AppError(400, messages.invalidImage, { [field]: messages.invalidImage });
  return file.bytes;
}

interface Rendered {
  one: { data: Buffer; width: number; height: number };
  two: { data: Buffer };
}

/**
 * Decodes the upload (orientation from EXIF applied, metadata dropped) and renders the 1x and 2x
 * WebP variants that fit the kind's box. Undecodable bytes answer 'invalidImage'.
 */
export async function renderVariants(bytes: Buffer, kind: PublicImageKind, field = '_'): Promise<Rendered> {
  const box = PUBLIC_IMAGE_BOX[kind];
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).autoOrient();
    const [one, two] = await Promise.all([
      source
        .clone()
        .resize({ width: box.width, height: box.height, fit: 'inside' })
        .webp({ quality: 82, effort: 4 })
        .toBuffer({ resolveWithObject: true }),
      source
        .clone()
        .resize({ width: box.width * 2, height: box.height * 2, fit: 'inside' })
        .webp({ quality: 75, effort: 4 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return { one: { data: one.data, width: one.info.width, height: one.info.height }, two: { data: two.data } };
  } catch (err) {
    const tooLarge = err instanceof Error && /pixel limit/i.test(err.message);
    const message = tooLarge ? messages.imageTooManyPixels : messages.invalidImage;
    throw new AppError(400, message, { [field]: message });
  }
}

/**
 * Public images: resized once on upload, stored unencrypted under fresh keys (a key never names
 * other bytes, so its URL is cached forever), and deleted with the record that shows them.
 */
export function mediaService(deps: { db: Db; storage: Storage }) {
  const repo = mediaRepository(deps.db);

  const removeKeys = async (keys: string[]) => {
    await Promise.all(keys.map((k) => deps.storage.delete(k)));
  };

  return {
    /**
     * Renders and stores the image, then runs `use` with it (which records the entity). If `use`
     * fails, the image's row and files are removed again, so a refused record leaves nothing.
     */
    async create<T>(
      upload: { bytes: Buffer; kind: PublicImageKind; field: string },
      use: (image: PublicImage) => Promise<T>,
    ): Promise<T> {
      const { kind } = upload;
      const rendered = await renderVariants(upload.bytes, kind, upload.field);
      const key_1x = crypto.randomUUID();
      const key_2x = crypto.randomUUID();
      let image: PublicImage | undefined;
      try {
        await deps.storage.put(key_1x, rendered.one.data, { encrypt: false });
        await deps.storage.put(key_2x, rendered.two.data, { encrypt: false });
        image = await repo.insert({
          kind,
          width: rendered.one.width,
          height: rendered.one.height,
          key_1x,
          key_2x,
          bytes: rendered.one.data.length + rendered.two.data.length,
        });
        return await use(image);
      } catch (err) {
        if (image) await repo.delete([image.id]);
        await removeKeys([key_1x, key_2x]);
        throw err;
      }
    },

    /** Deletes images no record shows any more (call after the record is gone). */
    async remove(ids: string[]) {
      const rows = await repo.delete(ids);
      await removeKeys(rows.flatMap((r) => [r.key_1x, r.key_2x]));
    },

    /** The bytes of a public image variant, or undefined when the key is not a public image's. */
    async read(key: string) {
      const row = await repo.findByKey(key);
      if (!row) return undefined;
      try {
        return await deps.storage.get(key, { encrypted: false });
      } catch {
        return undefined;
      }
    },
  };
}
export type MediaService = ReturnType<typeof mediaService>;
