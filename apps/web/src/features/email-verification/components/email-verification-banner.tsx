import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages } from '../../../lib/i18n.js';
import { useEmailStatus } from '../api/get-email-status.js';
import { useResendVerification } from '../api/resend-verification.js';
import '../email-verification.css';

/**
 * In the signed-in frame of a patient whose address is not verified yet (issue 18): what is
 * held back until then, and a button that mails the link again. Gone once verified.
 */
export function EmailVerificationBanner() {
  const m = useMessages();
  const status = useEmailStatus(true);
  const resend = useResendVerification();
  if (!status.data || status.data.verificado) return null;
  return (
    <section className="email-banner" aria-labelledby="email-banner-text">
      <p id="email-banner-text">
        {m.emailNotVerified} <strong className="email-banner-address">{status.data.correo}</strong>
      </p>
      <div className="email-banner-actions">
        <button type="button" className="btn btn-secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {m.emailVerificationResend}
        </button>
        <p className="email-banner-result" role="status">
          {resend.isSuccess ? translateMessage(resend.data.message) : resend.isError ? messageOf(resend.error, m.requestFailedRetry) : ''}
        </p>
      </div>
    </section>
  );
}
