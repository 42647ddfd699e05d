import { z } from 'zod/mini';
import { IMAGE_MIME_TYPES, MAX_UPLOAD_BYTES, messages, sponsorFormSchema } from '@clinica/shared';

/** The sponsor form: the shared fields plus the logo (required for a new sponsor). */
export const sponsorPageSchema = (mode: 'create' | 'edit') =>
  z.extend(sponsorFormSchema, {
    imagen: z.pipe(
      z.custom<FileList | undefined | null>((v) => v === undefined || v === null || v instanceof FileList, { error: messages.invalidImage }),
      // zod/mini's transform has no ctx.addIssue: an issue is pushed as classic's addIssue did.
      z.transform((list: FileList | undefined | null, ctx): File | undefined => {
        const issue = (message: string) => ctx.issues.push({ code: 'custom', message, input: list });
        const file = list?.[0];
        if (!file) {
          if (mode === 'create') issue(messages.photoRequired);
          return undefined;
        }
        if (file.size > MAX_UPLOAD_BYTES) issue(messages.fileTooLarge);
        else if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) issue(messages.invalidImage);
        return file;
      }),
    ),
  });

export type SponsorPageInput = z.input<ReturnType<typeof sponsorPageSchema>>;
export type SponsorPageOutput = z.output<ReturnType<typeof sponsorPageSchema>>;
