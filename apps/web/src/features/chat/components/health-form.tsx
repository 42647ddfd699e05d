import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { healthDataSchema, type HealthData, type HealthDataInput } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { ApiError } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useSendHealthData } from '../api/send-health-data.js';

const FIELDS: { name: keyof HealthDataInput; label: string; required?: boolean; hint?: string; inputMode: 'decimal' | 'numeric' | 'text' }[] = [
  { name: 'peso', label: 'health.peso', required: true, inputMode: 'decimal' },
  { name: 'talla', label: 'health.talla', required: true, inputMode: 'decimal', hint: 'health.tallaHint' },
  { name: 'presion_arterial', label: 'health.presion_arterial', inputMode: 'text', hint: 'health.presionHint' },
  { name: 'frecuencia_cardiaca', label: 'health.frecuencia_cardiaca', inputMode: 'numeric' },
  { name: 'frecuencia_respiratoria', label: 'health.frecuencia_respiratoria', inputMode: 'numeric' },
];

/** The health form: peso and talla required (marked *), the rest optional; the server checks the ranges. */
export function HealthForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation('chat');
  const messages = useMessages();
  const send = useSendHealthData();
  const form = useForm<HealthDataInput, unknown, HealthData>({
    resolver: zodResolver(healthDataSchema),
    defaultValues: { peso: '', talla: '', presion_arterial: '', frecuencia_cardiaca: '', frecuencia_respiratoria: '' },
  });

  const submit = form.handleSubmit(async (data) => {
    try {
      await send.mutateAsync(data);
      onSent();
      void showAlert(messages.formSent);
    } catch (error) {
      if (error instanceof ApiError && error.fromServer) void showAlert(`${messages.healthFormErrorPrefix}${translateMessage(error.message)}`);
      else void showAlert(messages.healthFormNetworkError);
    }
  });

  return (
    <form className="chat-card health-form" aria-labelledby="health-form-title" onSubmit={(e) => void submit(e)} noValidate>
      <h2 id="health-form-title">{t('health.title')}</h2>
      <p className="chat-note">{t('health.required')}</p>
      <div className="health-grid">
        {FIELDS.map((f) => (
          <Field key={f.name} label={t(f.label)} required={f.required} hint={f.hint && t(f.hint)} error={form.formState.errors[f.name]?.message}>
            {(control) => <input {...control} {...form.register(f.name)} type="text" inputMode={f.inputMode} autoComplete="off" />}
          </Field>
        ))}
      </div>
      <Button type="submit" busy={send.isPending}>
        {t('health.send')}
      </Button>
    </form>
  );
}
