import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '../../../lib/router.js';
import { staffLoginSchema, type StaffLoginCredentials, type StaffLoginCredentialsInput } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useLoginStaff } from '../api/login-staff.js';
import { useSignInWithPasskey } from '../hooks/passkey-ceremonies.js';
import { TwoFactorCodeForm } from './two-factor-code-form.js';
import '../auth.css';

const STAFF = {
  admin: { titleKey: 'staffLogin.adminTitle', next: '/Consultas_Admin', register: '/Registro_Admin' },
  doctor: { titleKey: 'staffLogin.doctorTitle', next: '/Consultas_Admin_Doctor', register: '/Registro_Admin_Doctor' },
} as const;
/** Where a staff account that must enrol in two-factor sign-in goes after the password. */
const SECURITY_PAGE = { admin: '/Seguridad_Admin', doctor: '/Seguridad_Doctor' } as const;

/** Staff login page; success loads the role's consultations page afresh with the new session. */
function StaffLoginPage({ role }: { role: 'admin' | 'doctor' }) {
  const { t } = useTranslation('auth');
  const messages = useMessages();
  const login = useLoginStaff();
  const passkey = useSignInWithPasskey();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<StaffLoginCredentialsInput, unknown, StaffLoginCredentials>({
    resolver: zodResolver(staffLoginSchema),
    defaultValues: { email: '', password: '' },
  });
  // Strangers' wrong passwords locked the account for this (unknown) browser: the password and a
  // second-factor code together still open it (issue 18), so the form asks for the code too.
  const [locked, setLocked] = useState(false);
  const [allAccounts, setAllAccounts] = useState(false);
  const allAccountsId = `${role}-login-all`;
  // The account whose two-factor code the server asked for (202 'código requerido').
  const [codeFor, setCodeFor] = useState<'admin' | 'doctor' | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    let result;
    try {
      result = await login.mutateAsync({ role, allAccounts: role === 'admin' && allAccounts, ...values });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429 && !locked) {
        setLocked(true);
        return;
      }
      await showAlert(messageOf(error, messages.staffLoginNetworkError));
      return;
    }
    if (result.codigo_requerido) {
      setCodeFor(result.rol ?? role);
      login.reset();
      return;
    }
    window.location.assign(result.inscripcion_requerida ? SECURITY_PAGE[result.rol ?? role] : STAFF[role].next);
  });

  // A passkey is both factors (decision 0026): no password, no code.
  const withPasskey = async () => {
    try {
      await passkey.mutateAsync(role);
    } catch (error) {
      passkey.reset();
      await showAlert(messageOf(error, messages.staffLoginNetworkError));
      return;
    }
    window.location.assign(STAFF[role].next);
  };

  if (codeFor) {
    return (
      <div className="staff-auth">
        <h1>{t(STAFF[role].titleKey)}</h1>
        <TwoFactorCodeForm role={codeFor} onDone={() => window.location.assign(STAFF[role].next)} onRestart={() => setCodeFor(null)} />
      </div>
    );
  }

  return (
    <div className="staff-auth">
      <h1>{t(STAFF[role].titleKey)}</h1>
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field label={t('fields.email')} error={errors.email?.message} required>
          {(p) => <input {...p} type="email" autoComplete="username" {...register('email')} />}
        </Field>
        <Field label={t('fields.password')} error={errors.password?.message} required>
          {(p) => <input {...p} type="password" autoComplete="current-password" {...register('password')} />}
        </Field>
        {locked && (
          <>
            <p role="status" className="staff-auth-locked">
              {messages.staffLoginLockedCodeHint}
            </p>
            <Field label={t('twoFactor.codeLabel')} error={errors.codigo?.message} required>
              {(p) => (
                <input
                  {...p}
                  type="text"
                  autoComplete="one-time-code"
                  autoCapitalize="none"
                  spellCheck={false}
                  autoFocus
                  {...register('codigo', { setValueAs: (v: string) => (v.trim() === '' ? undefined : v) })}
                />
              )}
            </Field>
          </>
        )}
        {role === 'admin' && (
          <div className="checkbox-field">
            <input id={allAccountsId} type="checkbox" checked={allAccounts} onChange={(e) => setAllAccounts(e.currentTarget.checked)} />
            <label htmlFor={allAccountsId}>{t('staffLogin.allAccounts')}</label>
          </div>
        )}
        <Button type="submit" busy={login.isPending || login.isSuccess} className="auth-submit">
          {t('login.submit')}
        </Button>
      </form>
      <div className="passkey-login">
        <span>{t('passkeys.or')}</span>
        <Button variant="secondary" busy={passkey.isPending || passkey.isSuccess} className="auth-submit" onClick={() => void withPasskey()}>
          {t('passkeys.signIn')}
        </Button>
      </div>
      <p className="staff-auth-links">
        <Link to={`/recuperar-contrasena?cuenta=${role}`}>{messages.forgotPasswordLink}</Link>
      </p>
      <p className="staff-auth-links">
        {t('staffLogin.noAccount')} <Link to={STAFF[role].register}>{t('staffLogin.register')}</Link>
      </p>
    </div>
  );
}

export const AdminLoginPage = () => <StaffLoginPage role="admin" />;
export const DoctorLoginPage = () => <StaffLoginPage role="doctor" />;
