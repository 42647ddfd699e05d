import { z } from 'zod';
import { IMAGE_MIME_TYPES, MAX_UPLOAD_BYTES, blogFormSchema, messages, newsFormSchema } from '@clinica/shared';

/**
 * The picture of a form, as the file input gives it (a FileList), checked in the page for a quick
 * answer; the server checks the content again and is the rule. Required when creating.
 */
export const pictureField = (opts: { required: boolean; pngOnly: boolean }) =>
  z
    .custom<FileList | undefined | null>((v) => v === undefined || v === null || v instanceof FileList || Array.isArray(v), {
      error: messages.invalidImage,
    })
    .transform((list, ctx): File | undefined => {
      const file = list?.[0];
      if (!file) {
        if (opts.required) ctx.addIssue({ code: 'custom', message: messages.photoRequired });
        return undefined;
      }
      if (file.size > MAX_UPLOAD_BYTES) ctx.addIssue({ code: 'custom', message: messages.fileTooLarge });
      else if (opts.pngOnly && file.type !== 'image/png') ctx.addIssue({ code: 'custom', message: messages.onlyPng });
      else if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) ctx.addIssue({ code: 'custom', message: messages.invalidImage });
      return file;
    });

/** The news form (any image) or the blog form (PNG only), for a new record or an edit. */
export const publishFormSchema = (kind: 'news' | 'blog', mode: 'create' | 'edit') =>
  // The shared schema is zod/mini (no .extend method): its fields spread into a new object, as .extend did.
  z.object({
    ...(kind === 'news' ? newsFormSchema : blogFormSchema).shape,
    imagenNoticia: pictureField({ required: mode === 'create', pngOnly: kind === 'blog' }),
  });

export type PublishFormInput = z.input<ReturnType<typeof publishFormSchema>>;
export type PublishFormOutput = z.output<ReturnType<typeof publishFormSchema>>;
