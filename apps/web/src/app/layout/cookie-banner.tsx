import { useState } from 'react';
import { Link } from 'react-router';
import { TIMERS } from '@clinica/shared';
import { COOKIE_KEYS, readCookie, writeCookie } from '../../lib/storage-keys.js';

/** Shown until accepted; accepting keeps a consent cookie for 365 days. */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(() => readCookie(COOKIE_KEYS.consent) === 'true');
  if (accepted) return null;
  return (
    <section className="cookie-banner" aria-label="Aviso de cookies">
      <p>
        Usamos cookies propias necesarias para mantener su sesión y recordar sus preferencias. No usamos cookies de
        publicidad. Más información en el <Link to="/confidencialidad">aviso de privacidad</Link>.
      </p>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          writeCookie(COOKIE_KEYS.consent, 'true', TIMERS.cookieConsentDays);
          setAccepted(true);
        }}
      >
        Aceptar cookies
      </button>
    </section>
  );
}
