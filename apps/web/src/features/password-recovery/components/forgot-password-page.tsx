import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from '../../../lib/router.js';
import { LOGIN_PATH_OF_ROLE, passwordResetRequestSchema } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useRequestPasswordReset } from '../api/request-password-reset.js';
import { ACCOUNT_KEY, roleFromSearch } from './account-kind.js';
import '../password-recovery.css';

// The form has only the address; the kind of account comes from the page's link (?cuenta=).
const formSchema = z.pick(passwordResetRequestSchema, { email: true });

/** /recuperar-contrasena[?cuenta=admin|doctor]: asks for the e-mail and mails a reset link. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('password-recovery');
  const messages = useMessages();
  const [search] = useSearchParams();
  const role = roleFromSearch(search);
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync({ email, role });
    } catch {
      // Shown below from the mutation's state.
    }
  });

  return (
    <section className="recovery-page" aria-labelledby="recovery-title">
      <h1 id="recovery-title">{t('forgot.title')}</h1>
      <p className="recovery-kind">{t(ACCOUNT_KEY[role])}</p>
      {request.isSuccess ? (
        <div className="recovery-done" role="status">
          <p>{translateMessage(request.data.message)}</p>
          <p>
            <Link to={LOGIN_PATH_OF_ROLE[role]}>{t('forgot.backToLogin')}</Link>
          </p>
        </div>
      ) : (
        <>
          <p>{t('forgot.intro')}</p>
          <form className="recovery-form" noValidate onSubmit={(e) => void onSubmit(e)}>
            <Field label={t('forgot.email')} error={errors.email?.message} required>
              {(p) => <input {...p} type="email" autoComplete="username" autoFocus {...register('email')} />}
            </Field>
            {request.isError && (
              <p className="recovery-error" role="alert">
                {messageOf(request.error, messages.requestFailedRetry)}
              </p>
            )}
            <Button type="submit" busy={request.isPending} className="recovery-submit">
              {t('forgot.submit')}
            </Button>
          </form>
          <p className="recovery-links">
            <Link to={LOGIN_PATH_OF_ROLE[role]}>{t('forgot.backToLogin')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
