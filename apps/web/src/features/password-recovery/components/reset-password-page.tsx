import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useSearchParams } from '../../../lib/router.js';
import { LOGIN_PATH_OF_ROLE, PASSWORD_RECOVERY_PATHS, messages as spanishMessages, passwordResetSchema, type Role } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter.js';
import { withPasswordStrength } from '../../../lib/password-strength.js';
import { Field } from '../../../components/ui/field.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useCheckResetLink } from '../api/check-reset-link.js';
import { useResetPassword } from '../api/reset-password.js';
import { ACCOUNT_KEY, tokenFromLocation } from './account-kind.js';
import '../password-recovery.css';

/** A used, expired or invalid link: the server's reason and the way to a new link. */
function Refused({ message }: { message: string }) {
  const { t } = useTranslation('password-recovery');
  return (
    <>
      <p className="recovery-refused" role="alert">
        {message}
      </p>
      <p className="recovery-links">
        <Link to={PASSWORD_RECOVERY_PATHS.request}>{t('reset.newLink')}</Link>
      </p>
    </>
  );
}

// A refusal the server explained (400) is shown as is (in the current language); anything else is the generic message.
const refusal = (error: unknown) =>
  translateMessage(
    error instanceof ApiError && error.status === 400
      ? error.message || spanishMessages.resetLinkInvalid
      : messageOf(error, spanishMessages.requestFailedRetry),
  );

// The page does not know the account's name: the server also checks the password against it.
const resetResolver = withPasswordStrength(zodResolver(passwordResetSchema), () => ({}));

function ResetForm({ token, role }: { token: string; role: Role }) {
  const { t } = useTranslation('password-recovery');
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: resetResolver,
    defaultValues: { token, password: '', password_confirm: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
    } catch {
      // Shown below from the mutation's state.
    }
  });

  if (reset.isSuccess) {
    return (
      <div className="recovery-done" role="status">
        <p>{translateMessage(reset.data.message)}</p>
        <p>
          <Link to={LOGIN_PATH_OF_ROLE[reset.data.role]}>{t('reset.login')}</Link>
        </p>
      </div>
    );
  }
  if (reset.isError && reset.error instanceof ApiError && reset.error.status === 400 && reset.error.errors.token) {
    return <Refused message={refusal(reset.error)} />;
  }
  return (
    <>
      <p className="recovery-kind">{t(ACCOUNT_KEY[role])}</p>
      <p>{t('reset.intro')}</p>
      <form className="recovery-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field label={t('reset.password')} error={errors.password?.message} hint={t('reset.passwordHint')} required>
          {(p) => (
            <>
              <input {...p} type="password" autoComplete="new-password" autoFocus {...register('password')} />
              <PasswordStrengthMeter password={password} owner={{}} />
            </>
          )}
        </Field>
        <Field label={t('reset.passwordConfirm')} error={errors.password_confirm?.message} required>
          {(p) => <input {...p} type="password" autoComplete="new-password" {...register('password_confirm')} />}
        </Field>
        {reset.isError && (
          <p className="recovery-error" role="alert">
            {refusal(reset.error)}
          </p>
        )}
        <Button type="submit" busy={reset.isPending} className="recovery-submit">
          {t('reset.submit')}
        </Button>
      </form>
    </>
  );
}

/** /restablecer-contrasena#token=...: checks the link, then asks for the new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('password-recovery');
  const messages = useMessages();
  const { hash } = useLocation();
  const [search] = useSearchParams();
  const token = tokenFromLocation(hash, search);
  const check = useCheckResetLink(token);

  return (
    <section className="recovery-page" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('reset.title')}</h1>
      {token === '' ? (
        <Refused message={messages.resetLinkInvalid} />
      ) : check.isPending ? (
        <p role="status">{messages.loading}</p>
      ) : check.isError ? (
        <Refused message={refusal(check.error)} />
      ) : (
        <ResetForm token={token} role={check.data.role} />
      )}
    </section>
  );
}
