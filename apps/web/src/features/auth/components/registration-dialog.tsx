import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  COUNTRIES,
  GENDERS,
  REGISTRATION_DEFAULTS,
  messages,
  patientRegistrationSchema,
  type PatientRegistration,
} from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { useRegisterPatient } from '../api/register-patient.js';
import { withLiveChecks } from '../hooks/live-checks-resolver.js';
import '../auth.css';

type FormInput = z.input<typeof patientRegistrationSchema>;
type FieldName = keyof FormInput;

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { masculino: 'Masculino', femenino: 'Femenino', otro: 'Otro' };

// The shared schema (the server uses the same one), with its cross-field rules also live.
const resolver = withLiveChecks<FormInput, PatientRegistration>(zodResolver(patientRegistrationSchema));

const FIELD_NAMES = new Set<string>([
  'nombre', 'apellido', 'cedula', 'correo', 'password', 'password_confirm', 'nacionalidad', 'genero', 'edad',
  'direccion', 'country_code', 'celular', 'acuerdo',
]);

interface RegistrationDialogProps {
  onClose: () => void;
  /** Called after the server answered 'Registro exitoso'. */
  onRegistered: () => void;
}

/** The patient registration pop-up (patient-and-public.md, sections 3 and 5). */
export function RegistrationDialog({ onClose, onRegistered }: RegistrationDialogProps) {
  const registration = useRegisterPatient();
  const [image, setImage] = useState<File | null>(null);
  const {
    register,
    handleSubmit,
    control,
    trigger,
    getValues,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, PatientRegistration>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      nombre: '',
      apellido: '',
      cedula: '',
      correo: '',
      password: '',
      password_confirm: '',
      nacionalidad: REGISTRATION_DEFAULTS.nacionalidad,
      genero: REGISTRATION_DEFAULTS.genero,
      edad: '',
      direccion: '',
      country_code: REGISTRATION_DEFAULTS.country_code,
      celular: '',
      acuerdo: false,
    },
  });
  const accepted = useWatch({ control, name: 'acuerdo' }) === true;
  const countryCode = String(useWatch({ control, name: 'country_code' }));
  const expectedDigits = COUNTRIES.find((c) => c.code === countryCode)?.digits;

  // The phone length is checked live, on every key and when the country code changes.
  const checkPhone = () => {
    if (String(getValues('celular') ?? '') !== '') void trigger('celular');
  };

  const onValid = async (data: PatientRegistration) => {
    if (!image) {
      await showAlert(messages.idImageRequired);
      return;
    }
    try {
      await registration.mutateAsync({ data, image });
    } catch (error) {
      if (error instanceof ApiError && error.fromServer) {
        for (const [field, message] of Object.entries(error.errors)) {
          if (FIELD_NAMES.has(field)) setError(field as FieldName, { type: 'server', message });
        }
        await showAlert(messages.registrationFailedPrefix + error.message);
      } else {
        await showAlert(messageOf(error, messages.registrationFailed));
      }
      return;
    }
    onRegistered();
  };

  const onSubmit = handleSubmit(onValid, () => {
    void showAlert(messages.fixFormErrors);
  });

  return (
    <Modal title="Registro de paciente" onClose={onClose} size="lg">
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="form-grid">
          <Field label="Nombre" error={errors.nombre?.message} required>
            {(p) => <input {...p} autoComplete="given-name" data-autofocus {...register('nombre')} />}
          </Field>
          <Field label="Apellido" error={errors.apellido?.message} required>
            {(p) => <input {...p} autoComplete="family-name" {...register('apellido')} />}
          </Field>
          <Field label="Cédula" error={errors.cedula?.message} required>
            {(p) => <input {...p} autoComplete="off" {...register('cedula')} />}
          </Field>
          <Field label="Correo electrónico" error={errors.correo?.message} required>
            {(p) => <input {...p} type="email" autoComplete="email" {...register('correo')} />}
          </Field>
          <Field label="Contraseña" error={errors.password?.message} hint="Al menos 8 caracteres." required>
            {(p) => (
              <input
                {...p}
                type="password"
                autoComplete="new-password"
                {...register('password', {
                  onChange: () => {
                    if (getValues('password_confirm')) void trigger('password_confirm');
                  },
                })}
              />
            )}
          </Field>
          <Field label="Confirmar contraseña" error={errors.password_confirm?.message} required>
            {(p) => <input {...p} type="password" autoComplete="new-password" {...register('password_confirm')} />}
          </Field>
          <Field label="Nacionalidad" error={errors.nacionalidad?.message} required>
            {(p) => (
              <select {...p} {...register('nacionalidad')}>
                {COUNTRIES.map((c) => (
                  <option key={c.name} value={c.name}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Género" error={errors.genero?.message} required>
            {(p) => (
              <select {...p} {...register('genero')}>
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {GENDER_LABELS[g]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Edad" error={errors.edad?.message} required>
            {(p) => <input {...p} type="number" inputMode="numeric" min={0} max={120} step={1} {...register('edad')} />}
          </Field>
          <Field label="Dirección" error={errors.direccion?.message} required>
            {(p) => <input {...p} autoComplete="street-address" {...register('direccion')} />}
          </Field>
          <Field label="Código de país" error={errors.country_code?.message} required>
            {(p) => (
              <select {...p} autoComplete="tel-country-code" {...register('country_code', { onChange: checkPhone })}>
                {COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name} ({c.code})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label="Celular"
            error={errors.celular?.message}
            hint={expectedDigits ? `${expectedDigits} dígitos para ${countryCode}.` : undefined}
            required
          >
            {(p) => <input {...p} type="tel" inputMode="numeric" autoComplete="tel-national" {...register('celular', { onChange: checkPhone })} />}
          </Field>
        </div>
        <Field label="Imagen de la cédula (frente)" hint="PNG, JPEG o WebP, hasta 10 MB." required>
          {(p) => (
            <input
              {...p}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={(e) => setImage(e.currentTarget.files?.[0] ?? null)}
            />
          )}
        </Field>
        <div className="checkbox-field">
          <input id="registro-acuerdo" type="checkbox" aria-describedby="registro-acuerdo-nota" {...register('acuerdo')} />
          <label htmlFor="registro-acuerdo">
            Acepto los términos y condiciones y el{' '}
            <a href="/confidencialidad" target="_blank" rel="noopener">
              acuerdo de confidencialidad
            </a>
            .
          </label>
        </div>
        <p id="registro-acuerdo-nota" className={`checkbox-note${accepted ? ' visually-hidden' : ''}`} aria-live="polite">
          {accepted ? '' : messages.termsRequired}
        </p>
        {accepted && (
          <Button type="submit" busy={registration.isPending} className="auth-submit">
            Registrarse
          </Button>
        )}
      </form>
    </Modal>
  );
}
