import { useState } from 'react';
import { Link } from '../../lib/router.js';
import { TIMERS } from '@clinica/shared';
import { useTranslation } from '../../lib/i18n.js';
import { COOKIE_KEYS, readCookie, writeCookie } from '../../lib/storage-keys.js';

/** Shown until accepted; accepting keeps a consent cookie for 365 days. */
export function CookieBanner() {
  const { t } = useTranslation('frame');
  const [accepted, setAccepted] = useState(() => readCookie(COOKIE_KEYS.consent) === 'true');
  if (accepted) return null;
  return (
    <section className="cookie-banner" aria-label={t('cookies.label')}>
      <p>
        {t('cookies.textBefore')}
        <Link to="/confidencialidad">{t('cookies.link')}</Link>
        {t('cookies.textAfter')}
      </p>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          writeCookie(COOKIE_KEYS.consent, 'true', TIMERS.cookieConsentDays);
          setAccepted(true);
        }}
      >
        {t('cookies.accept')}
      </button>
    </section>
  );
}
