import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { TIMERS, isFooterHidden, messages } from '@clinica/shared';
import { AlertHost } from '../../components/ui/alert-dialog.js';
import { restoreAlertAfterReload, showAlert } from '../../components/ui/alert-store.js';
import { useSiteConfig } from '../../features/site/api/get-site-config.js';
import { SponsorArea } from '../../features/sponsors/components/sponsor-area.js';
import { startActivityTracking } from '../../lib/activity.js';
import { SESSION_KEYS, sessionStore } from '../../lib/storage-keys.js';
import { useTimeout } from '../../lib/timers.js';
import { roleOfGroup, useCurrentRoute } from '../current-route.js';
import { AuthDialogs, type AuthDialog } from './auth-dialogs.js';
import { CookieBanner } from './cookie-banner.js';
import { Header } from './header.js';
import { IntroLoader } from './intro-loader.js';
import { ScrollToTop } from './scroll-to-top.js';
import { SessionWatch } from './session-watch.js';
import './layout.css';

// The footer appears 10 s into the first visit at the earliest: it loads when it is due.
const Footer = lazy(async () => ({ default: (await import('./footer.js')).Footer }));

const DIALOG_PATHS: Record<string, AuthDialog> = { '/Login': 'login', '/Registro': 'register' };

// Read once per page load: the intro shows on the first visit of the browser session (home page),
// the footer waits 10 s until the site has been loaded once in the session.
const firstVisit = sessionStore.get(SESSION_KEYS.introShown) !== '1';
const siteAlreadyLoaded = sessionStore.get(SESSION_KEYS.siteLoaded) === '1';

/** The frame of every page: intro loader, header, the page, footer, cookie banner, pop-ups, alerts. */
export function RootLayout() {
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const config = useSiteConfig();
  const clinicName = config.data?.clinicName ?? 'Clínica';

  useEffect(() => {
    startActivityTracking();
    restoreAlertAfterReload();
  }, []);

  const [intro, setIntro] = useState(() => firstVisit && window.location.pathname === '/');
  useEffect(() => {
    if (intro) sessionStore.set(SESSION_KEYS.introShown, '1');
  }, [intro]);

  const [footerReady, setFooterReady] = useState(siteAlreadyLoaded);
  useTimeout(
    () => {
      sessionStore.set(SESSION_KEYS.siteLoaded, '1');
      setFooterReady(true);
    },
    footerReady ? null : TIMERS.footerDelayMs,
  );

  // /Login and /Registro open their pop-up over the home page; the header opens them anywhere.
  const pathDialog = DIALOG_PATHS[route.path] ?? null;
  const [headerDialog, setHeaderDialog] = useState<AuthDialog>(null);
  const dialog = pathDialog ?? headerDialog;
  const openDialog = (kind: 'login' | 'register') => {
    if (pathDialog) void navigate(kind === 'login' ? '/Login' : '/Registro', { replace: true });
    else setHeaderDialog(kind);
  };
  const closeDialog = () => {
    if (pathDialog) void navigate('/', { replace: true });
    else setHeaderDialog(null);
  };
  const onRegistered = () => {
    closeDialog();
    void showAlert(messages.registrationOk).then(() => setHeaderDialog('login'));
  };

  const headerHidden = route.path === '/pagos';
  const footerHidden = isFooterHidden(route.path);

  return (
    <div className="app-frame">
      <a href="#contenido" className="skip-link">
        Saltar al contenido
      </a>
      <CookieBanner />
      {!headerHidden && (
        <Header
          route={route}
          clinicName={clinicName}
          logoOnly={route.path === '/ConsultaChat'}
          onOpenLogin={() => openDialog('login')}
          onOpenRegistration={() => openDialog('register')}
        />
      )}
      <SponsorArea area={1} route={route} />
      <main id="contenido" tabIndex={-1} className="page">
        <Suspense fallback={<p className="page-loading">{messages.loading}</p>}>
          <Outlet />
        </Suspense>
      </main>
      <SponsorArea area={2} route={route} />
      {footerReady && !footerHidden && (
        <Suspense fallback={null}>
          <Footer clinicName={clinicName} />
        </Suspense>
      )}
      <SessionWatch role={roleOfGroup(route.group)} />
      <AuthDialogs open={dialog} onClose={closeDialog} onOpen={openDialog} onRegistered={onRegistered} />
      {intro && <IntroLoader clinicName={clinicName} onDone={() => setIntro(false)} />}
      <AlertHost />
      <ScrollToTop />
    </div>
  );
}
