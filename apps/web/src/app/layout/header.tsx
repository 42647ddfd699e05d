import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink } from '../../lib/router.js';
import type { PageRoute } from '@clinica/shared';
import { useSession } from '../../features/auth/api/get-session.js';
import { useDialogOpen } from '../../lib/dialog-open.js';
import { preloadNamespaces, useTranslation } from '../../lib/i18n.js';
import { roleOfGroup } from '../current-route.js';
import { LanguageSwitcher } from './language-switcher.js';
import { LogoMark } from './logo.js';
import { menuOf, type MenuLink } from './menus.js';
import { HeaderCountdown, PatientChatEntry } from './session-watch.js';

interface HeaderProps {
  route: PageRoute;
  clinicName: string;
  /** /ConsultaChat: the logo only. */
  logoOnly: boolean;
  onOpenLogin: () => void;
  onOpenRegistration: () => void;
}

// Shown only once signed in: the buttons, the sign-out logic and their texts load then, in parallel.
const logoutButtons = () => Promise.all([import('../../features/auth/components/logout-buttons.js'), preloadNamespaces(['auth'])]).then(([m]) => m);
const LogoutButton = lazy(async () => ({ default: (await logoutButtons()).LogoutButton }));
const LogoutAllButton = lazy(async () => ({ default: (await logoutButtons()).LogoutAllButton }));

const HOME = { public: '/', patient: '/', admin: '/Admin', doctor: '/AdminDoctor' } as const;
const AREA_LABEL = { public: '', patient: '', admin: 'header.areaAdmin', doctor: 'header.areaDoctor' } as const;

/**
 * The header: navy on public and patient pages, yellow for administrators, orange for doctors;
 * the menu of the route group, the session's name and countdown, login, registration and logout.
 */
export function Header({ route, clinicName, logoOnly, onOpenLogin, onOpenRegistration }: HeaderProps) {
  const { t } = useTranslation('frame');
  const group = route.group;
  const role = roleOfGroup(group);
  const session = useSession(role);
  const signedIn = session.data?.loggedIn === true;
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(route.path);
  // Moving to another page closes the mobile menu, and so does a pop-up opening or closing (issue 23):
  // the person's attention moved on, and the open menu would hide the page they come back to.
  const dialogOpen = useDialogOpen();
  const [menuDialog, setMenuDialog] = useState(dialogOpen);
  if (menuPath !== route.path || menuDialog !== dialogOpen) {
    setMenuPath(route.path);
    setMenuDialog(dialogOpen);
    setMenuOpen(false);
  }
  const menu = menuOf(group);
  const links = signedIn ? [...menu.always, ...menu.signedIn] : menu.always;
  const headerClass = group === 'admin' ? 'header-admin' : group === 'doctor' ? 'header-doctor' : 'header-site';

  const brand = (
    <Link to={HOME[group]} className="brand">
      <LogoMark />
      <span className="brand-name">{clinicName}</span>
      {AREA_LABEL[group] && <span className="brand-area">{t(AREA_LABEL[group])}</span>}
    </Link>
  );

  if (logoOnly) {
    return (
      <header className={`site-header ${headerClass}`}>
        <div className="header-bar">{brand}</div>
      </header>
    );
  }

  return (
    <header className={`site-header ${headerClass}`}>
      <div className="header-bar">
        {brand}
        {signedIn && <HeaderCountdown />}
        {signedIn && role === 'patient' && <PatientChatEntry />}
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="menu-principal"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span aria-hidden="true">☰</span> {t('header.menu')}
        </button>
        <LanguageSwitcher />
      </div>
      <div id="menu-principal" className={`header-menu${menuOpen ? ' is-open' : ''}`}>
        <nav aria-label={t('header.mainMenu')}>
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end>
                  {t(`menu.${l.label}`)}
                </NavLink>
              </li>
            ))}
            {signedIn && menu.more.length > 0 && <MoreLinks key={route.path} links={menu.more} current={route.path} />}
          </ul>
        </nav>
        <div className="header-account">
          {signedIn ? (
            <>
              <span className="header-user">
                <span className="visually-hidden">{t('header.signedIn')}</span>
                {session.data?.userName}
              </span>
              <Suspense fallback={null}>
                <LogoutButton role={role} />
                {role === 'admin' && <LogoutAllButton />}
              </Suspense>
            </>
          ) : group === 'admin' || group === 'doctor' ? (
            <>
              <Link className="btn btn-ghost" to={group === 'admin' ? '/Login_Admin' : '/Login_Admin_Doctor'}>
                {t('header.login')}
              </Link>
              <Link className="btn btn-ghost" to={group === 'admin' ? '/Registro_Admin' : '/Registro_Admin_Doctor'}>
                {t('header.register')}
              </Link>
            </>
          ) : (
            <>
              <button type="button" className="btn btn-ghost" onClick={onOpenLogin}>
                {t('header.login')}
              </button>
              <button type="button" className="btn btn-ghost" onClick={onOpenRegistration}>
                {t('header.register')}
              </button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The staff pages used now and then, behind one disclosure button so the menu stays on one line
 * at 1366 px (issue 23, item 8). A plain button + list (not an ARIA menu): links stay links, Tab
 * walks them, Escape or a click elsewhere closes it, and a new page starts it closed (keyed).
 */
function MoreLinks({ links, current }: { links: MenuLink[]; current: string }) {
  const { t } = useTranslation('frame');
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  const here = links.some((l) => l.to === current);
  return (
    <li ref={box} className="header-more">
      <button
        ref={button}
        type="button"
        className={`header-more-toggle${here ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls="menu-mas"
        onClick={() => setOpen((o) => !o)}
      >
        {t('header.more')} <span aria-hidden="true">▾</span>
      </button>
      <ul id="menu-mas" className="header-more-list" hidden={!open}>
        {links.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} end>
              {t(`menu.${l.label}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
