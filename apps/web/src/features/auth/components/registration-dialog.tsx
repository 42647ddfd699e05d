import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod/mini';
import {
  COUNTRIES,
  GENDERS,
  REGISTRATION_DEFAULTS,
  patientRegistrationSchema,
  type PatientRegistration,
} from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter.js';
import { withPasswordStrength } from '../../../lib/password-strength.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useRegisterPatient } from '../api/register-patient.js';
import { withLiveChecks } from '../hooks/live-checks-resolver.js';
import { forgetRegistrationDraft, keepRegistrationDraft, registrationDraft } from '../hooks/registration-draft.js';
import { useCountryName } from '../../../lib/country-names.js';
import '../auth.css';

type FormInput = z.input<typeof patientRegistrationSchema>;
type FieldName = keyof FormInput;

// The shared schema (the server uses the same one), with its cross-field rules also live, and the
// shared password-strength rule (its estimator loads in a chunk of its own).
const resolver = withPasswordStrength(withLiveChecks<FormInput, PatientRegistration>(zodResolver(patientRegistrationSchema)), (v) => ({
  nombre: v.nombre,
  apellido: v.apellido,
  correo: v.correo,
}));

const FIELD_NAMES = new Set<string>([
  'nombre', 'apellido', 'cedula', 'correo', 'password', 'password_confirm', 'nacionalidad', 'genero', 'edad',
  'direccion', 'country_code', 'celular', 'acuerdo',
]);

interface RegistrationDialogProps {
  onClose: () => void;
  /** Called after the server answered 'Registro exitoso', with the address just registered. */
  onRegistered: (email: string) => void;
}

/** The patient registration pop-up (docs/spec/patient-and-public.md, sections 3 and 5). */
export function RegistrationDialog({ onClose, onRegistered }: RegistrationDialogProps) {
  const { t } = useTranslation('auth');
  const messages = useMessages();
  const countryName = useCountryName();
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
      // What was typed before the pop-up was closed (a stray tap outside it), passwords excepted.
      ...registrationDraft(),
    },
  });
  // Closing (however it happens) keeps what was typed for the next opening in this page; after a
  // registration that went through, nothing is kept (forgetRegistrationDraft).
  useEffect(() => () => keepRegistrationDraft(getValues()), [getValues]);
  const accepted = useWatch({ control, name: 'acuerdo' }) === true;
  const [password = '', nombre, apellido, correo] = useWatch({ control, name: ['password', 'nombre', 'apellido', 'correo'] });
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
        await showAlert(messages.registrationFailedPrefix + translateMessage(error.message));
      } else {
        await showAlert(messageOf(error, messages.registrationFailed));
      }
      return;
    }
    forgetRegistrationDraft();
    onRegistered(data.correo);
  };

  const onSubmit = handleSubmit(onValid, () => {
    void showAlert(messages.fixFormErrors);
  });

  // 'Acepto ... el <link>acuerdo de confidencialidad</link>.': the link's place depends on the language.
  const [termsBefore = '', termsLink = '', termsAfter = ''] = t('registration.terms').split(/<\/?link>/);

  return (
    <Modal title={t('registration.title')} onClose={onClose} size="lg">
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="form-grid">
          <Field label={t('fields.firstName')} error={errors.nombre?.message} required>
            {(p) => <input {...p} autoComplete="given-name" data-autofocus {...register('nombre')} />}
          </Field>
          <Field label={t('fields.lastName')} error={errors.apellido?.message} required>
            {(p) => <input {...p} autoComplete="family-name" {...register('apellido')} />}
          </Field>
          <Field label={t('fields.idNumber')} error={errors.cedula?.message} required>
            {(p) => <input {...p} autoComplete="off" {...register('cedula')} />}
          </Field>
          <Field label={t('fields.email')} error={errors.correo?.message} required>
            {(p) => <input {...p} type="email" autoComplete="email" {...register('correo')} />}
          </Field>
          <Field label={t('fields.password')} error={errors.password?.message} hint={t('fields.passwordHint')} required>
            {(p) => (
              <>
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
                <PasswordStrengthMeter password={password} owner={{ nombre, apellido, correo }} />
              </>
            )}
          </Field>
          <Field label={t('fields.passwordConfirm')} error={errors.password_confirm?.message} required>
            {(p) => <input {...p} type="password" autoComplete="new-password" {...register('password_confirm')} />}
          </Field>
          <Field label={t('fields.nationality')} error={errors.nacionalidad?.message} required>
            {(p) => (
              <select {...p} {...register('nacionalidad')}>
                {COUNTRIES.map((c) => (
                  <option key={c.name} value={c.name}>
                    {countryName(c.name)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('fields.gender')} error={errors.genero?.message} required>
            {(p) => (
              <select {...p} {...register('genero')}>
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {t(`genders.${g}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('fields.age')} error={errors.edad?.message} required>
            {(p) => <input {...p} type="number" inputMode="numeric" min={0} max={120} step={1} {...register('edad')} />}
          </Field>
          <Field label={t('fields.address')} error={errors.direccion?.message} required>
            {(p) => <input {...p} autoComplete="street-address" {...register('direccion')} />}
          </Field>
          <Field label={t('fields.countryCode')} error={errors.country_code?.message} required>
            {(p) => (
              <select {...p} autoComplete="tel-country-code" {...register('country_code', { onChange: checkPhone })}>
                {COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {countryName(c.name)} ({c.code})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={t('fields.mobile')}
            error={errors.celular?.message}
            hint={expectedDigits ? t('fields.mobileHint', { digits: expectedDigits, code: countryCode }) : undefined}
            required
          >
            {(p) => <input {...p} type="tel" inputMode="numeric" autoComplete="tel-national" {...register('celular', { onChange: checkPhone })} />}
          </Field>
        </div>
        <Field label={t('fields.idImage')} hint={t('fields.idImageHint')} required>
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
            {termsBefore}
            <a href="/confidencialidad" target="_blank" rel="noopener">
              {termsLink}
            </a>
            {termsAfter}
          </label>
        </div>
        <p id="registro-acuerdo-nota" className={`checkbox-note${accepted ? ' visually-hidden' : ''}`} aria-live="polite">
          {accepted ? '' : messages.termsRequired}
        </p>
        {accepted && (
          <Button type="submit" busy={registration.isPending} className="auth-submit">
            {t('registration.submit')}
          </Button>
        )}
      </form>
    </Modal>
  );
}
