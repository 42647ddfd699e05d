import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SERVICES, staffInvitationSchema, type StaffInvitation, type StaffInvitationInput } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useInviteStaff } from '../api/invite-staff.js';

/** Invites a person by e-mail: the kind of account and, for a doctor, the service are chosen here. */
export function InviteStaffForm() {
  const { t } = useTranslation('staff-accounts');
  const messages = useMessages();
  const invite = useInviteStaff();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<StaffInvitationInput, unknown, StaffInvitation>({
    resolver: zodResolver(staffInvitationSchema),
    defaultValues: { correo: '', rol: '', servicio: '' },
  });
  // The service is asked only for a doctor.
  const rol = useWatch({ control, name: 'rol' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await invite.mutateAsync({ correo: values.correo, rol: values.rol, ...(values.servicio ? { servicio: values.servicio } : {}) });
      reset({ correo: '', rol: '', servicio: '' });
      await showAlert(translateMessage(result.message));
    } catch (error) {
      await showAlert(messageOf(error, messages.requestFailed));
    }
  });

  return (
    <section className="staff-invite" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('invite.title')}</h2>
      <p>{t('invite.intro')}</p>
      <form className="staff-invite-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field label={t('invite.email')} error={errors.correo?.message} required>
          {(p) => <input {...p} type="email" autoComplete="off" spellCheck={false} {...register('correo')} />}
        </Field>
        <Field label={t('invite.role')} error={errors.rol?.message} required>
          {(p) => (
            <select {...p} {...register('rol')}>
              <option value="">{t('invite.chooseRole')}</option>
              <option value="admin">{t('roles.admin')}</option>
              <option value="doctor">{t('roles.doctor')}</option>
            </select>
          )}
        </Field>
        {rol === 'doctor' && (
          <Field label={t('invite.service')} error={errors.servicio?.message} required>
            {(p) => (
              <select {...p} {...register('servicio')}>
                <option value="">{t('invite.chooseService')}</option>
                {SERVICES.map((s) => (
                  <option key={s} value={s}>
                    {t(`services.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Button type="submit" busy={invite.isPending} className="staff-invite-submit">
          {t('invite.submit')}
        </Button>
      </form>
    </section>
  );
}
