import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from '../../../lib/router.js';
import {
  LOGIN_PATH_OF_ROLE,
  messages as spanishMessages,
  staffInvitationAcceptSchema,
  type StaffInvitationAccept,
  type StaffInvitationAcceptInput,
  type StaffInvitationInfo,
} from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useAcceptInvitation } from '../api/accept-invitation.js';
import { useInvitation } from '../api/lookup-invitation.js';
import '../staff-accounts.css';

/** The token travels in the fragment (#token=...), which browsers never send to a server. */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

// A refusal the server explained (400 invalid, 410 used or expired) is shown as is, in the current language.
const refusal = (error: unknown) =>
  translateMessage(
    error instanceof ApiError && (error.status === 400 || error.status === 410)
      ? error.message || spanishMessages.invitationInvalid
      : messageOf(error, spanishMessages.requestFailedRetry),
  );

function AcceptForm({ token, info }: { token: string; info: StaffInvitationInfo }) {
  const { t } = useTranslation('staff-accounts');
  const accept = useAcceptInvitation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<StaffInvitationAcceptInput, unknown, StaffInvitationAccept>({
    resolver: zodResolver(staffInvitationAcceptSchema),
    defaultValues: { token, nombre: '', apellido: '', password: '', password_confirm: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await accept.mutateAsync(values);
    } catch {
      // Shown below from the mutation's state.
    }
  });

  if (accept.isSuccess) {
    return (
      <div className="staff-invitation-done" role="status">
        <p>{translateMessage(accept.data.message)}</p>
        <p>
          <Link to={LOGIN_PATH_OF_ROLE[info.rol]}>{t('invitation.login')}</Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="staff-invitation-for">
        {t('invitation.for', {
          kind: t(`roles.${info.rol}`),
          service: info.servicio ? ` · ${t(`services.${info.servicio}`)}` : '',
          correo: info.correo,
        })}
      </p>
      <form className="staff-invitation-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field label={t('invitation.nombre')} error={errors.nombre?.message} required>
          {(p) => <input {...p} autoComplete="given-name" {...register('nombre')} />}
        </Field>
        <Field label={t('invitation.apellido')} error={errors.apellido?.message} required>
          {(p) => <input {...p} autoComplete="family-name" {...register('apellido')} />}
        </Field>
        <Field label={t('invitation.password')} error={errors.password?.message} hint={t('invitation.passwordHint')} required>
          {(p) => <input {...p} type="password" autoComplete="new-password" {...register('password')} />}
        </Field>
        <Field label={t('invitation.passwordConfirm')} error={errors.password_confirm?.message} required>
          {(p) => <input {...p} type="password" autoComplete="new-password" {...register('password_confirm')} />}
        </Field>
        {accept.isError && (
          <p className="staff-error" role="alert">
            {refusal(accept.error)}
          </p>
        )}
        <Button type="submit" busy={accept.isPending} className="staff-invite-submit">
          {t('invitation.submit')}
        </Button>
      </form>
    </>
  );
}

/** /Invitacion_Personal#token=...: checks the invitation, then asks the invitee's name and password. */
export function InvitationPage() {
  const { t } = useTranslation('staff-accounts');
  const messages = useMessages();
  const { hash } = useLocation();
  const token = tokenOf(hash);
  const invitation = useInvitation(token);
  return (
    <section className="staff-page staff-invitation" aria-labelledby="invitation-title">
      <h1 id="invitation-title">{t('invitation.title')}</h1>
      {token === '' ? (
        <p className="staff-error" role="alert">
          {messages.invitationInvalid}
        </p>
      ) : invitation.isPending ? (
        <p role="status">{messages.loading}</p>
      ) : invitation.isError ? (
        <p className="staff-error" role="alert">
          {refusal(invitation.error)}
        </p>
      ) : (
        <AcceptForm token={token} info={invitation.data} />
      )}
    </section>
  );
}
