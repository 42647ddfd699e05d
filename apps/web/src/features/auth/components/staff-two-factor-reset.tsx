import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  messages as catalogue,
  staffTwoFactorResetSchema,
  type StaffTwoFactorReset,
  type StaffTwoFactorResetInput,
} from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useResetStaffTwoFactor } from '../api/reset-staff-two-factor.js';
import { CodeField } from './code-field.js';

/**
 * The administrator's reset of another staff member's two-step verification (decision 0021):
 * the account's e-mail and kind, then a confirmation naming it. `ownCode`: the administrator has
 * an authenticator, whose current code confirms the reset.
 */
export function StaffTwoFactorReset({ ownCode }: { ownCode: boolean }) {
  const { t } = useTranslation('auth');
  const messages = useMessages();
  const reset = useResetStaffTwoFactor();
  const titleId = useId();
  const confirmTextId = useId();
  const [pending, setPending] = useState<StaffTwoFactorReset | null>(null);
  const {
    register,
    handleSubmit,
    reset: resetForm,
    setValue,
    setError,
    formState: { errors },
  } = useForm<StaffTwoFactorResetInput, unknown, StaffTwoFactorReset>({
    resolver: zodResolver(staffTwoFactorResetSchema),
    defaultValues: { correo: '', rol: '', codigo: '' },
  });

  const onSubmit = handleSubmit((values) => {
    // The shared schema leaves the code optional (an administrator without an authenticator has none).
    if (ownCode && !values.codigo) {
      setError('codigo', { message: catalogue.staffTwoFactorResetCodeRequired });
      return;
    }
    setPending(values);
  });

  const confirm = async () => {
    if (!pending) return;
    const { correo, rol, codigo } = pending;
    try {
      const result = await reset.mutateAsync({ correo, rol, ...(ownCode && codigo ? { codigo } : {}) });
      setPending(null);
      resetForm({ correo: '', rol: '', codigo: '' });
      await showAlert(translateMessage(result.message));
    } catch (error) {
      setPending(null);
      // A code is spent or wrong either way: the next try needs the next one.
      setValue('codigo', '');
      await showAlert(messageOf(error, messages.requestFailed));
    }
  };

  return (
    <section aria-labelledby={titleId} className="two-factor-staff-reset">
      <h2 id={titleId}>{t('staffReset.title')}</h2>
      <p>{t('staffReset.intro')}</p>
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field label={t('staffReset.emailLabel')} error={errors.correo?.message} required>
          {(p) => <input {...p} type="email" autoComplete="off" spellCheck={false} {...register('correo')} />}
        </Field>
        <Field label={t('staffReset.roleLabel')} error={errors.rol?.message} required>
          {(p) => (
            <select {...p} {...register('rol')}>
              <option value="">{t('staffReset.roleChoose')}</option>
              <option value="admin">{t('staffReset.roles.admin')}</option>
              <option value="doctor">{t('staffReset.roles.doctor')}</option>
            </select>
          )}
        </Field>
        {ownCode && (
          <CodeField label={t('staffReset.ownCode')} error={errors.codigo?.message} registration={register('codigo')} />
        )}
        <Button type="submit" variant="danger" className="auth-submit">
          {t('staffReset.submit')}
        </Button>
      </form>
      {pending && (
        <Modal
          role="alertdialog"
          size="sm"
          title={t('staffReset.confirmTitle')}
          describedBy={confirmTextId}
          onClose={() => setPending(null)}
        >
          <p id={confirmTextId}>
            {t('staffReset.confirmText', { correo: pending.correo, rol: t(`staffReset.rolesInText.${pending.rol}`) })}
          </p>
          <div className="two-factor-staff-reset-actions">
            <Button variant="secondary" onClick={() => setPending(null)} data-autofocus>
              {t('staffReset.cancel')}
            </Button>
            <Button variant="danger" busy={reset.isPending} onClick={() => void confirm()}>
              {t('staffReset.confirm')}
            </Button>
          </div>
        </Modal>
      )}
    </section>
  );
}
