import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { loginSchema, messages } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { messageOf } from '../../../lib/api-client.js';
import { useLoginStaff } from '../api/login-staff.js';
import '../auth.css';

const STAFF = {
  admin: { title: 'Inicio de sesión de administradores', next: '/Consultas_Admin', register: '/Registro_Admin' },
  doctor: { title: 'Inicio de sesión de doctores', next: '/Consultas_Admin_Doctor', register: '/Registro_Admin_Doctor' },
} as const;

/** Staff login page; success loads the role's consultations page afresh with the new session. */
function StaffLoginPage({ role }: { role: 'admin' | 'doctor' }) {
  const login = useLoginStaff();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const [allAccounts, setAllAccounts] = useState(false);
  const allAccountsId = `${role}-login-all`;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login.mutateAsync({ role, allAccounts: role === 'admin' && allAccounts, ...values });
    } catch (error) {
      await showAlert(messageOf(error, messages.staffLoginNetworkError));
      return;
    }
    window.location.assign(STAFF[role].next);
  });

  return (
    <div className="staff-auth">
      <h1>{STAFF[role].title}</h1>
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field label="Correo electrónico" error={errors.email?.message} required>
          {(p) => <input {...p} type="email" autoComplete="username" {...register('email')} />}
        </Field>
        <Field label="Contraseña" error={errors.password?.message} required>
          {(p) => <input {...p} type="password" autoComplete="current-password" {...register('password')} />}
        </Field>
        {role === 'admin' && (
          <div className="checkbox-field">
            <input id={allAccountsId} type="checkbox" checked={allAccounts} onChange={(e) => setAllAccounts(e.currentTarget.checked)} />
            <label htmlFor={allAccountsId}>Iniciar sesión en todas las cuentas</label>
          </div>
        )}
        <Button type="submit" busy={login.isPending || login.isSuccess} className="auth-submit">
          Iniciar sesión
        </Button>
      </form>
      <p className="staff-auth-links">
        <Link to={`/recuperar-contrasena?cuenta=${role}`}>{messages.forgotPasswordLink}</Link>
      </p>
      <p className="staff-auth-links">
        ¿No tiene cuenta? <Link to={STAFF[role].register}>Registrarse</Link>
      </p>
    </div>
  );
}

export const AdminLoginPage = () => <StaffLoginPage role="admin" />;
export const DoctorLoginPage = () => <StaffLoginPage role="doctor" />;
