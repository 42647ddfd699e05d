import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages, type PublishResult } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { translateMessage, useTranslation } from '../../../lib/i18n.js';
import { publishFormSchema, type PublishFormInput, type PublishFormOutput } from '../publish-form-schema.js';

export interface PublishValues {
  tituloNoticia: string;
  descripcionNoticia: string;
  imagen?: File | undefined;
}

const ACCEPT = { news: 'image/png,image/jpeg,image/webp', blog: 'image/png' } as const;

const FIELDS = new Set<string>(['tituloNoticia', 'descripcionNoticia', 'imagenNoticia']);

interface PublishFormProps {
  kind: 'news' | 'blog';
  mode: 'create' | 'edit';
  defaults?: { tituloNoticia: string; descripcionNoticia: string };
  save: (values: PublishValues) => Promise<PublishResult>;
  busy: boolean;
  /** Called after a successful save, before the server's message is shown. */
  onSaved?: () => void;
}

/**
 * The news form ('Registro Nuevo': title, description, a required photo) and the blog form (the
 * same fields, PNG only). After sending it shows the server's `mensaje` ('Registro exitoso') and
 * clears itself, or the server's reason ('Hubo un error en el registro.' when there is none).
 */
export function PublishForm({ kind, mode, defaults, save, busy, onSaved }: PublishFormProps) {
  const { t } = useTranslation('news');
  const schema = useMemo(() => publishFormSchema(kind, mode), [kind, mode]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PublishFormInput, unknown, PublishFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { tituloNoticia: defaults?.tituloNoticia ?? '', descripcionNoticia: defaults?.descripcionNoticia ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await save({
        tituloNoticia: values.tituloNoticia,
        descripcionNoticia: values.descripcionNoticia,
        imagen: values.imagenNoticia,
      });
      if (mode === 'create') reset();
      onSaved?.();
      await showAlert(translateMessage(result.mensaje));
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.errors)) {
          if (FIELDS.has(field)) setError(field as keyof PublishFormInput, { type: 'server', message });
        }
      }
      await showAlert(messageOf(error, messages.registrationFailed));
    }
  });

  return (
    <form className="publish-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <Field label={t('form.title')} error={errors.tituloNoticia?.message} required>
        {(p) => <input {...p} maxLength={200} {...register('tituloNoticia')} />}
      </Field>
      <Field label={t(`form.${kind}.text`)} error={errors.descripcionNoticia?.message} required>
        {(p) => <textarea {...p} rows={kind === 'blog' ? 8 : 4} {...register('descripcionNoticia')} />}
      </Field>
      <Field
        label={t(mode === 'edit' ? `form.${kind}.newPicture` : `form.${kind}.picture`)}
        error={errors.imagenNoticia?.message}
        hint={t(`form.${kind}.hint`)}
        required={mode === 'create'}
      >
        {(p) => <input {...p} type="file" accept={ACCEPT[kind]} {...register('imagenNoticia')} />}
      </Field>
      <Button type="submit" busy={busy} className="publish-submit">
        {mode === 'create' ? t('form.publish') : t('form.saveChanges')}
      </Button>
    </form>
  );
}
