import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { healthDataSchema, messages, type HealthData, type HealthDataInput } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { ApiError } from '../../../lib/api-client.js';
import { useSendHealthData } from '../api/send-health-data.js';

const FIELDS: { name: keyof HealthDataInput; label: string; required?: boolean; hint?: string; inputMode: 'decimal' | 'numeric' | 'text' }[] = [
  { name: 'peso', label: 'Peso (kg)', required: true, inputMode: 'decimal' },
  { name: 'talla', label: 'Talla (m)', required: true, inputMode: 'decimal', hint: 'En metros, por ejemplo 1.70' },
  { name: 'presion_arterial', label: 'Presión arterial', inputMode: 'text', hint: 'Por ejemplo 120/80' },
  { name: 'frecuencia_cardiaca', label: 'Frecuencia cardíaca (lpm)', inputMode: 'numeric' },
  { name: 'frecuencia_respiratoria', label: 'Frecuencia respiratoria (rpm)', inputMode: 'numeric' },
];

/** The health form: peso and talla required (marked *), the rest optional; the server checks the ranges. */
export function HealthForm({ onSent }: { onSent: () => void }) {
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
      if (error instanceof ApiError && error.fromServer) void showAlert(`${messages.healthFormErrorPrefix}${error.message}`);
      else void showAlert(messages.healthFormNetworkError);
    }
  });

  return (
    <form className="chat-card health-form" aria-labelledby="health-form-title" onSubmit={(e) => void submit(e)} noValidate>
      <h2 id="health-form-title">Datos de salud</h2>
      <p className="chat-note">Los campos marcados con * son obligatorios.</p>
      <div className="health-grid">
        {FIELDS.map((f) => (
          <Field key={f.name} label={f.label} required={f.required} hint={f.hint} error={form.formState.errors[f.name]?.message}>
            {(control) => <input {...control} {...form.register(f.name)} type="text" inputMode={f.inputMode} autoComplete="off" />}
          </Field>
        ))}
      </div>
      <Button type="submit" busy={send.isPending}>
        Enviar datos
      </Button>
    </form>
  );
}
