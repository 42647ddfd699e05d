import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigate } from '../../lib/router.js';
import { TIMERS, frameMessages as spanish, isFooterHidden } from '@clinica/shared';
import { AlertHost } from '../../components/ui/alert-dialog.js';
import { restoreAlertAfterReload, showAlert } from '../../components/ui/alert-store.js';
import { useSiteConfig } from '../../features/site/api/get-site-config.js';
import { SponsorArea } from '../../features/sponsors/components/sponsor-area.js';
import { startActivityTracking } from '../../lib/activity.js';
import { whenIdle } from '../../lib/idle.js';
import { useFrameMessages, useTranslation } from '../../lib/i18n.js';
import { SESSION_KEYS, sessionStore } from '../../lib/storage-keys.js';
import { useTimeout } from '../../lib/timers.js';
import { useAfterPaint } from '../../lib/use-after-paint.js';
import { roleOfGroup, useCurrentRoute } from '../current-route.js';
import { AuthDialogs, type AuthDialog } from './auth-dialogs.js';
import { CookieBanner } from './cookie-banner.js';
import { Header } from './header.js';
import { IntroLoader } from './intro-loader.js';
import { LanguageSwitcher } from './language-switcher.js';
import { PageErrorBoundary } from './page-error-boundary.js';
import { ScrollToTop } from './scroll-to-top.js';
import { widgetPlaces } from './widget-places.js';
import { PatientEmailBanner, SessionWatch } from './session-watch.js';
import './layout.css';
// The floating widgets' styles with the frame's: every page shows the widgets (their chunk loads after
// the page), and a stylesheet inserted then re-styles the whole page in the middle of its load.
import './floating-widgets.css';

// The footer appears 10 s into the first visit at the earliest: it loads when it is due.
const Footer = lazy(async () => ({ default: (await import('./footer.js')).Footer }));

// The music player and the social bar: after the page, not in the first load.
const FloatingWidgets = lazy(async () => ({ default: (await import('./floating-widgets.js')).FloatingWidgets }));

/**
 * True once the page has loaded (window 'load') and the browser is idle after painting it: what can
 * wait does not compete with the first paint. In a single-page app 'load' alone comes before the page's
 * own chunk has rendered.
 */
function usePageLoaded() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let cancel: (() => void) | undefined;
    const done = () => {
      cancel = whenIdle(() => setLoaded(true));
    };
    // The load may have come between the first render and this effect.
    if (document.readyState === 'complete') done();
    else window.addEventListener('load', done, { once: true });
    return () => {
      window.removeEventListener('load', done);
      cancel?.();
    };
  }, []);
  return loaded;
}

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
  const pageLoaded = usePageLoaded();
  // The signed-in widgets and the verification banner load their chunks after the page's first paint.
  const painted = useAfterPaint();
  const clinicName = config.data?.clinicName ?? 'Clínica';
  const { t } = useTranslation('frame');
  const messages = useFrameMessages();

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
  // After 'Registro exitoso' the login pop-up opens with the address just registered.
  const [loginEmail, setLoginEmail] = useState<string>();
  const onRegistered = (email: string) => {
    closeDialog();
    setLoginEmail(email);
    void showAlert(spanish.registrationOk).then(() => setHeaderDialog('login'));
  };

  const headerHidden = route.path === '/pagos';
  // /ConsultaChat: the header shows the logo only; the language switcher sits below it, at the right.
  const logoOnly = route.path === '/ConsultaChat';
  const footerHidden = isFooterHidden(route.path);

  return (
    // data-widgets: the page keeps the floating widgets' edges free from its first paint (layout.css).
    <div className="app-frame" data-widgets={widgetPlaces(route)}>
      <a href="#contenido" className="skip-link">
        {t('layout.skipLink')}
      </a>
      <CookieBanner />
      {headerHidden ? (
        <div className="lang-bar">
          <LanguageSwitcher />
        </div>
      ) : (
        <Header
          route={route}
          clinicName={clinicName}
          logoOnly={logoOnly}
          onOpenLogin={() => openDialog('login')}
          onOpenRegistration={() => openDialog('register')}
        />
      )}
      {logoOnly && (
        <div className="lang-bar">
          <LanguageSwitcher />
        </div>
      )}
      <Suspense fallback={null}>
        <SponsorArea area={1} route={route} />
      </Suspense>
      {painted && roleOfGroup(route.group) === 'patient' && <PatientEmailBanner />}
      <main id="contenido" tabIndex={-1} className="page">
        <PageErrorBoundary key={route.path}>
          <Suspense fallback={<p className="page-loading">{messages.loading}</p>}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <SponsorArea area={2} route={route} />
      </Suspense>
      {footerReady && !footerHidden && (
        <Suspense fallback={null}>
          <Footer clinicName={clinicName} contact={config.data?.contact} />
        </Suspense>
      )}
      {painted && <SessionWatch role={roleOfGroup(route.group)} />}
      <AuthDialogs open={dialog} onClose={closeDialog} onOpen={openDialog} onRegistered={onRegistered} loginEmail={loginEmail} />
      {intro && <IntroLoader clinicName={clinicName} onDone={() => setIntro(false)} />}
      <AlertHost />
      <ScrollToTop />
      {config.data && pageLoaded && (
        <Suspense fallback={null}>
          <FloatingWidgets route={route} config={config.data} />
        </Suspense>
      )}
    </div>
  );
}
