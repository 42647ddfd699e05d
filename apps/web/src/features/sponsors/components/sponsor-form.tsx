import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages, type PublishResult } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { translateMessage, useTranslation } from '../../../lib/i18n.js';
import { sponsorPageSchema, type SponsorPageInput, type SponsorPageOutput } from '../sponsor-form-schema.js';

const FIELDS = new Set<string>(['nombre', 'enlace', 'imagen']);

interface SponsorFormProps {
  mode: 'create' | 'edit';
  defaults?: { nombre: string; enlace: string };
  save: (values: SponsorPageOutput) => Promise<PublishResult>;
  busy: boolean;
  onSaved?: () => void;
}

/** Name, link and logo of a sponsor; shows the server's answer and clears itself after a new one. */
export function SponsorForm({ mode, defaults, save, busy, onSaved }: SponsorFormProps) {
  const { t } = useTranslation('sponsors');
  const schema = useMemo(() => sponsorPageSchema(mode), [mode]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SponsorPageInput, unknown, SponsorPageOutput>({
    resolver: zodResolver(schema),
    defaultValues: { nombre: defaults?.nombre ?? '', enlace: defaults?.enlace ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await save(values);
      if (mode === 'create') reset();
      onSaved?.();
      await showAlert(translateMessage(result.mensaje));
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.errors)) {
          if (FIELDS.has(field)) setError(field as keyof SponsorPageInput, { type: 'server', message });
        }
      }
      await showAlert(messageOf(error, messages.registrationFailed));
    }
  });

  return (
    <form className="sponsors-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <Field label={t('form.name')} error={errors.nombre?.message} required>
        {(p) => <input {...p} maxLength={100} {...register('nombre')} />}
      </Field>
      <Field label={t('form.link')} error={errors.enlace?.message} hint={t('form.linkHint')} required>
        {(p) => <input {...p} type="url" inputMode="url" placeholder="https://" {...register('enlace')} />}
      </Field>
      <Field
        label={mode === 'edit' ? t('form.newLogo') : t('form.logo')}
        error={errors.imagen?.message}
        hint={t('form.logoHint')}
        required={mode === 'create'}
      >
        {(p) => <input {...p} type="file" accept="image/png,image/jpeg,image/webp" {...register('imagen')} />}
      </Field>
      <Button type="submit" busy={busy}>
        {mode === 'create' ? t('form.add') : t('form.saveChanges')}
      </Button>
    </form>
  );
}
