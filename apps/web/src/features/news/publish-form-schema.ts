import { z } from 'zod/mini';
import { IMAGE_MIME_TYPES, MAX_UPLOAD_BYTES, blogFormSchema, messages, newsFormSchema } from '@clinica/shared';

/**
 * The picture of a form, as the file input gives it (a FileList), checked in the page for a quick
 * answer; the server checks the content again and is the rule. Required when creating.
 */
export const pictureField = (opts: { required: boolean; pngOnly: boolean }) =>
  z.pipe(
    z.custom<FileList | undefined | null>((v) => v === undefined || v === null || v instanceof FileList || Array.isArray(v), {
      error: messages.invalidImage,
    }),
    // zod/mini's transform has no ctx.addIssue: an issue is pushed as classic's addIssue did.
    z.transform((list: FileList | undefined | null, ctx): File | undefined => {
      const issue = (message: string) => ctx.issues.push({ code: 'custom', message, input: list });
      const file = list?.[0];
      if (!file) {
        if (opts.required) issue(messages.photoRequired);
        return undefined;
      }
      if (file.size > MAX_UPLOAD_BYTES) issue(messages.fileTooLarge);
      else if (opts.pngOnly && file.type !== 'image/png') issue(messages.onlyPng);
      else if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) issue(messages.invalidImage);
      return file;
    }),
  );

/** The news form (any image) or the blog form (PNG only), for a new record or an edit. */
export const publishFormSchema = (kind: 'news' | 'blog', mode: 'create' | 'edit') =>
  z.extend(kind === 'news' ? newsFormSchema : blogFormSchema, {
    imagenNoticia: pictureField({ required: mode === 'create', pngOnly: kind === 'blog' }),
  });

export type PublishFormInput = z.input<ReturnType<typeof publishFormSchema>>;
export type PublishFormOutput = z.output<ReturnType<typeof publishFormSchema>>;
