import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '../../../lib/router.js';
import type { z } from 'zod/mini';
import {
  SERVICES,
  adminRegistrationSchema,
  doctorRegistrationSchema,
  type DoctorRegistration,
} from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter.js';
import { withPasswordStrength } from '../../../lib/password-strength.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useRegisterStaff } from '../api/register-staff.js';
import { withLiveChecks } from '../hooks/live-checks-resolver.js';
import '../auth.css';

type Input = z.input<typeof doctorRegistrationSchema>;

const STAFF = {
  admin: { titleKey: 'staffRegistration.adminTitle', login: '/Login_Admin' },
  doctor: { titleKey: 'staffRegistration.doctorTitle', login: '/Login_Admin_Doctor' },
} as const;

// One form for both roles: the administrators' schema is the doctors' without `servicio`, so its
// resolver fits the doctors' form type (the service is simply not sent for administrators).
// Both add the shared password-strength rule (issue 18), with the person's own name and e-mail.
const owner = (v: Input) => ({ nombre: v.nombre, apellido: v.apellido, correo: v.correo });
const resolvers = {
  admin: withPasswordStrength(
    withLiveChecks(zodResolver(adminRegistrationSchema)) as unknown as Resolver<Input, unknown, DoctorRegistration>,
    owner,
  ),
  doctor: withPasswordStrength(withLiveChecks<Input, DoctorRegistration>(zodResolver(doctorRegistrationSchema)), owner),
};

const FIELDS = new Set(['clave_seguridad', 'nombre', 'apellido', 'correo', 'password', 'password_confirm', 'servicio']);

/** Staff registration with the security key; success goes to the role's login page. */
function StaffRegistrationPage({ role }: { role: 'admin' | 'doctor' }) {
  const { t } = useTranslation('auth');
  const messages = useMessages();
  const navigate = useNavigate();
  const registration = useRegisterStaff();
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getValues,
    control,
    formState: { errors },
  } = useForm<Input, unknown, DoctorRegistration>({
    resolver: resolvers[role],
    mode: 'onTouched',
    defaultValues: {
      clave_seguridad: '',
      nombre: '',
      apellido: '',
      correo: '',
      password: '',
      password_confirm: '',
      // The administrators' schema is strict: their form has no `servicio` at all.
      ...(role === 'doctor' ? { servicio: '' } : {}),
    },
  });
  const [password = '', nombre, apellido, correo] = useWatch({ control, name: ['password', 'nombre', 'apellido', 'correo'] });

  const onSubmit = handleSubmit(
    async (values) => {
      const { servicio, ...common } = values;
      try {
        const result = await registration.mutateAsync(
          role === 'doctor' ? { role, data: { ...common, servicio } } : { role, data: common },
        );
        await navigate(STAFF[role].login);
        void showAlert(result.mensaje ? translateMessage(result.mensaje) : messages.registrationOk);
      } catch (error) {
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.errors)) {
            if (FIELDS.has(field)) setError(field as keyof Input, { type: 'server', message });
          }
        }
        await showAlert(messageOf(error, messages.registrationFailed));
      }
    },
    () => {
      void showAlert(messages.fixFormErrors);
    },
  );

  return (
    <div className="staff-auth">
      <h1>{t(STAFF[role].titleKey)}</h1>
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field label={t('fields.securityKey')} error={errors.clave_seguridad?.message} required>
          {(p) => <input {...p} type="password" autoComplete="off" {...register('clave_seguridad')} />}
        </Field>
        <Field label={t('fields.firstName')} error={errors.nombre?.message} required>
          {(p) => <input {...p} autoComplete="given-name" {...register('nombre')} />}
        </Field>
        <Field label={t('fields.lastName')} error={errors.apellido?.message} required>
          {(p) => <input {...p} autoComplete="family-name" {...register('apellido')} />}
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
        {role === 'doctor' && (
          <Field label={t('fields.service')} error={errors.servicio?.message} required>
            {(p) => (
              <select {...p} {...register('servicio')}>
                <option value="" disabled>
                  {t('fields.selectService')}
                </option>
                {SERVICES.map((s) => (
                  <option key={s} value={s}>
                    {t(`services.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Button type="submit" busy={registration.isPending} className="auth-submit">
          {t('staffRegistration.submit')}
        </Button>
      </form>
      <p className="staff-auth-links">
        {t('staffRegistration.haveAccount')} <Link to={STAFF[role].login}>{t('staffRegistration.login')}</Link>
      </p>
    </div>
  );
}

export const AdminRegistrationPage = () => <StaffRegistrationPage role="admin" />;
export const DoctorRegistrationPage = () => <StaffRegistrationPage role="doctor" />;
