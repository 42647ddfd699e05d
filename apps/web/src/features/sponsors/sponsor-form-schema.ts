import { z } from 'zod';
import { IMAGE_MIME_TYPES, MAX_UPLOAD_BYTES, messages, sponsorFormSchema } from '@clinica/shared';

/** The sponsor form: the shared fields plus the logo (required for a new sponsor). */
export const sponsorPageSchema = (mode: 'create' | 'edit') =>
  // The shared schema is zod/mini (no .extend method): its fields spread into a new object, as .extend did.
  z.object({
    ...sponsorFormSchema.shape,
    imagen: z
      .custom<FileList | undefined | null>((v) => v === undefined || v === null || v instanceof FileList, { error: messages.invalidImage })
      .transform((list, ctx): File | undefined => {
        const file = list?.[0];
        if (!file) {
          if (mode === 'create') ctx.addIssue({ code: 'custom', message: messages.photoRequired });
          return undefined;
        }
        if (file.size > MAX_UPLOAD_BYTES) ctx.addIssue({ code: 'custom', message: messages.fileTooLarge });
        else if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) ctx.addIssue({ code: 'custom', message: messages.invalidImage });
        return file;
      }),
  });

export type SponsorPageInput = z.input<ReturnType<typeof sponsorPageSchema>>;
export type SponsorPageOutput = z.output<ReturnType<typeof sponsorPageSchema>>;
