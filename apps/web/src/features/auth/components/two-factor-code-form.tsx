import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorLoginSchema, type TwoFactorLoginInput } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { messageOf } from '../../../lib/api-client.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useSendLoginCode } from '../api/login-code.js';

/**
 * The second step of a staff sign-in: the authenticator's 6-digit code, or a recovery code
 * ('Usar código de recuperación'). `onDone` runs once the server has opened the session.
 */
export function TwoFactorCodeForm({
  role,
  onDone,
  onRestart,
}: {
  role: 'admin' | 'doctor';
  onDone: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('auth');
  const messages = useMessages();
  const send = useSendLoginCode();
  const [recovery, setRecovery] = useState(false);
  const {
    register,
    handleSubmit,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<TwoFactorLoginInput, unknown, { codigo: string }>({
    resolver: zodResolver(twoFactorLoginSchema),
    defaultValues: { codigo: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ role, codigo: values.codigo });
    } catch (error) {
      reset({ codigo: '' });
      await showAlert(messageOf(error, messages.staffLoginNetworkError));
      setFocus('codigo');
      return;
    }
    onDone();
  });

  const toggle = () => {
    setRecovery((r) => !r);
    reset({ codigo: '' });
  };

  return (
    <section aria-labelledby={`${role}-2fa-title`}>
      <h2 id={`${role}-2fa-title`}>{t('twoFactor.codeTitle')}</h2>
      <p role="status">{recovery ? t('twoFactor.recoveryIntro') : t('twoFactor.codeIntro')}</p>
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field
          label={recovery ? t('twoFactor.recoveryLabel') : t('twoFactor.codeLabel')}
          error={errors.codigo?.message}
          required
        >
          {(p) =>
            recovery ? (
              <input
                {...p}
                key="recovery"
                type="text"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
                {...register('codigo')}
              />
            ) : (
              <input
                {...p}
                key="totp"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                autoFocus
                {...register('codigo')}
              />
            )
          }
        </Field>
        <Button type="submit" busy={send.isPending || send.isSuccess} className="auth-submit">
          {t('twoFactor.verify')}
        </Button>
      </form>
      <p className="staff-auth-links">
        <button type="button" className="link-button" onClick={toggle}>
          {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </button>
      </p>
      <p className="staff-auth-links">
        <button type="button" className="link-button" onClick={onRestart}>
          {t('twoFactor.restart')}
        </button>
      </p>
    </section>
  );
}
