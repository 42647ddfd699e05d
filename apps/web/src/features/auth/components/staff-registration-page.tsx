import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  SERVICES,
  SERVICE_LABELS,
  adminRegistrationSchema,
  doctorRegistrationSchema,
  messages,
  type DoctorRegistration,
} from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { useRegisterStaff } from '../api/register-staff.js';
import { withLiveChecks } from '../hooks/live-checks-resolver.js';
import '../auth.css';

type Input = z.input<typeof doctorRegistrationSchema>;

const STAFF = {
  admin: { title: 'Registro de administradores', login: '/Login_Admin' },
  doctor: { title: 'Registro de doctores', login: '/Login_Admin_Doctor' },
} as const;

// One form for both roles: the administrators' schema is the doctors' without `servicio`, so its
// resolver fits the doctors' form type (the service is simply not sent for administrators).
const resolvers = {
  admin: withLiveChecks(zodResolver(adminRegistrationSchema)) as unknown as Resolver<Input, unknown, DoctorRegistration>,
  doctor: withLiveChecks<Input, DoctorRegistration>(zodResolver(doctorRegistrationSchema)),
};

const FIELDS = new Set(['clave_seguridad', 'nombre', 'apellido', 'correo', 'password', 'password_confirm', 'servicio']);

/** Staff registration with the security key; success goes to the role's login page. */
function StaffRegistrationPage({ role }: { role: 'admin' | 'doctor' }) {
  const navigate = useNavigate();
  const registration = useRegisterStaff();
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getValues,
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

  const onSubmit = handleSubmit(
    async (values) => {
      const { servicio, ...common } = values;
      try {
        const result = await registration.mutateAsync(
          role === 'doctor' ? { role, data: { ...common, servicio } } : { role, data: common },
        );
        await navigate(STAFF[role].login);
        void showAlert(result.mensaje || messages.registrationOk);
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
      <h1>{STAFF[role].title}</h1>
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field label="Clave de seguridad" error={errors.clave_seguridad?.message} required>
          {(p) => <input {...p} type="password" autoComplete="off" {...register('clave_seguridad')} />}
        </Field>
        <Field label="Nombre" error={errors.nombre?.message} required>
          {(p) => <input {...p} autoComplete="given-name" {...register('nombre')} />}
        </Field>
        <Field label="Apellido" error={errors.apellido?.message} required>
          {(p) => <input {...p} autoComplete="family-name" {...register('apellido')} />}
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
        {role === 'doctor' && (
          <Field label="Servicio" error={errors.servicio?.message} required>
            {(p) => (
              <select {...p} {...register('servicio')}>
                <option value="" disabled>
                  Seleccione un servicio
                </option>
                {SERVICES.map((s) => (
                  <option key={s} value={s}>
                    {SERVICE_LABELS[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Button type="submit" busy={registration.isPending} className="auth-submit">
          Registrarse
        </Button>
      </form>
      <p className="staff-auth-links">
        ¿Ya tiene cuenta? <Link to={STAFF[role].login}>Iniciar sesión</Link>
      </p>
    </div>
  );
}

export const AdminRegistrationPage = () => <StaffRegistrationPage role="admin" />;
export const DoctorRegistrationPage = () => <StaffRegistrationPage role="doctor" />;
