import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '../../../lib/router.js';
import { loginSchema } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { messageOf } from '../../../lib/api-client.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useLoginPatient } from '../api/login.js';
import '../auth.css';

interface LoginDialogProps {
  onClose: () => void;
  onOpenRegistration: () => void;
  /** The address just registered: the pop-up that follows a registration carries it (issue 23). */
  email?: string;
}

/** The patient login pop-up; success loads /consultas-virtuales afresh with the new session. */
export function LoginDialog({ onClose, onOpenRegistration, email = '' }: LoginDialogProps) {
  const { t } = useTranslation('auth');
  const messages = useMessages();
  const login = useLoginPatient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email, password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
    } catch (error) {
      await showAlert(messageOf(error, messages.loginFailed));
      return;
    }
    window.location.assign('/consultas-virtuales');
  });

  return (
    <Modal title={t('login.title')} onClose={onClose} size="sm">
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field label={t('fields.email')} error={errors.email?.message} required>
          {(p) => <input {...p} type="email" autoComplete="username" data-autofocus={email === '' ? true : undefined} {...register('email')} />}
        </Field>
        <Field label={t('fields.password')} error={errors.password?.message} required>
          {(p) => <input {...p} type="password" autoComplete="current-password" data-autofocus={email === '' ? undefined : true} {...register('password')} />}
        </Field>
        <Button type="submit" busy={login.isPending || login.isSuccess} className="auth-submit">
          {t('login.submit')}
        </Button>
      </form>
      <p className="auth-switch">
        <Link to="/recuperar-contrasena" onClick={onClose}>
          {messages.forgotPasswordLink}
        </Link>
      </p>
      <p className="auth-switch">
        {t('login.noAccount')}{' '}
        <button type="button" className="link-button" onClick={onOpenRegistration}>
          {t('login.registerHere')}
        </button>
      </p>
    </Modal>
  );
}
