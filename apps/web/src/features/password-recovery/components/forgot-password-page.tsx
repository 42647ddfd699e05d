import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { LOGIN_PATH_OF_ROLE, messages, passwordResetRequestSchema } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { messageOf } from '../../../lib/api-client.js';
import { useRequestPasswordReset } from '../api/request-password-reset.js';
import { ACCOUNT_LABEL, roleFromSearch } from './account-kind.js';
import '../password-recovery.css';

// The form has only the address; the kind of account comes from the page's link (?cuenta=).
const formSchema = passwordResetRequestSchema.pick({ email: true });

/** /recuperar-contrasena[?cuenta=admin|doctor]: asks for the e-mail and mails a reset link. */
export function ForgotPasswordPage() {
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
      <h1 id="recovery-title">¿Olvidó su contraseña?</h1>
      <p className="recovery-kind">Cuenta {ACCOUNT_LABEL[role]}</p>
      {request.isSuccess ? (
        <div className="recovery-done" role="status">
          <p>{request.data.message}</p>
          <p>
            <Link to={LOGIN_PATH_OF_ROLE[role]}>Volver a iniciar sesión</Link>
          </p>
        </div>
      ) : (
        <>
          <p>
            Escriba el correo de su cuenta y le enviaremos un enlace para crear una contraseña nueva. El enlace es válido
            durante 30 minutos y sirve una sola vez.
          </p>
          <form className="recovery-form" noValidate onSubmit={(e) => void onSubmit(e)}>
            <Field label="Correo electrónico" error={errors.email?.message} required>
              {(p) => <input {...p} type="email" autoComplete="username" autoFocus {...register('email')} />}
            </Field>
            {request.isError && (
              <p className="recovery-error" role="alert">
                {messageOf(request.error, messages.requestFailedRetry)}
              </p>
            )}
            <Button type="submit" busy={request.isPending} className="recovery-submit">
              Enviar enlace
            </Button>
          </form>
          <p className="recovery-links">
            <Link to={LOGIN_PATH_OF_ROLE[role]}>Volver a iniciar sesión</Link>
          </p>
        </>
      )}
    </section>
  );
}
