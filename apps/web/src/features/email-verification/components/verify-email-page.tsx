import { useEffect, useRef } from 'react';
import { Link, useLocation } from '../../../lib/router.js';
import { useQueryClient } from '@tanstack/react-query';
import { messages as spanishMessages } from '@clinica/shared';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { translateMessage, useTranslation } from '../../../lib/i18n.js';
import { emailStatusQueryKey } from '../api/get-email-status.js';
import { useVerifyEmail } from '../api/verify-email.js';
import '../email-verification.css';

/** The token of the mailed link: in the fragment (`#token=`), which never reaches a server log; `?token=` is read too. */
function tokenFrom(location: { hash: string; search: string }) {
  return new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ?? new URLSearchParams(location.search).get('token') ?? '';
}

/** /verificar-correo#token=…: opens the link and says in plain Spanish what happened (verified, expired, used). */
export function VerifyEmailPage() {
  const { t } = useTranslation('email-verification');
  const location = useLocation();
  const token = tokenFrom(location);
  const verify = useVerifyEmail();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate(token, {
      // The banner of a signed-in tab asks again and goes away.
      onSettled: () => void queryClient.invalidateQueries({ queryKey: emailStatusQueryKey }),
    });
  }, [token, verify, queryClient]);

  const refused =
    verify.isError &&
    (verify.error instanceof ApiError && verify.error.status === 400
      ? translateMessage(verify.error.message || spanishMessages.emailVerificationLinkInvalid)
      : messageOf(verify.error, spanishMessages.requestFailedRetry));

  return (
    <section className="verify-page" aria-labelledby="verify-title">
      <h1 id="verify-title">{t('title')}</h1>
      {verify.isSuccess && (
        <p className="verify-done" role="status">
          {translateMessage(verify.data.message)}
        </p>
      )}
      {refused && (
        <p className="verify-refused" role="alert">
          {refused}
        </p>
      )}
      {!verify.isSuccess && !verify.isError && <p role="status">{t('checking')}</p>}
      <p className="verify-links">
        <Link to="/">{t('home')}</Link>
      </p>
    </section>
  );
}
