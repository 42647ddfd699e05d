import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import type { PageRoute } from '@clinica/shared';
import { useSession } from '../../features/auth/api/get-session.js';
import { LogoutAllButton, LogoutButton } from '../../features/auth/components/logout-buttons.js';
import { roleOfGroup } from '../current-route.js';
import { LogoMark } from './logo.js';
import { menuOf } from './menus.js';
import { HeaderCountdown } from './session-watch.js';

interface HeaderProps {
  route: PageRoute;
  clinicName: string;
  /** /ConsultaChat: the logo only. */
  logoOnly: boolean;
  onOpenLogin: () => void;
  onOpenRegistration: () => void;
}

const HOME = { public: '/', patient: '/', admin: '/Admin', doctor: '/AdminDoctor' } as const;
const AREA_LABEL = { public: '', patient: '', admin: 'Administración', doctor: 'Área de doctores' } as const;

/**
 * The header: navy on public and patient pages, yellow for administrators, orange for doctors;
 * the menu of the route group, the session's name and countdown, login, registration and logout.
 */
export function Header({ route, clinicName, logoOnly, onOpenLogin, onOpenRegistration }: HeaderProps) {
  const group = route.group;
  const role = roleOfGroup(group);
  const session = useSession(role);
  const signedIn = session.data?.loggedIn === true;
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(route.path);
  // Moving to another page closes the mobile menu.
  if (menuPath !== route.path) {
    setMenuPath(route.path);
    setMenuOpen(false);
  }
  const menu = menuOf(group);
  const links = signedIn ? [...menu.always, ...menu.signedIn] : menu.always;
  const headerClass = group === 'admin' ? 'header-admin' : group === 'doctor' ? 'header-doctor' : 'header-site';

  const brand = (
    <Link to={HOME[group]} className="brand">
      <LogoMark />
      <span className="brand-name">{clinicName}</span>
      {AREA_LABEL[group] && <span className="brand-area">{AREA_LABEL[group]}</span>}
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
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="menu-principal"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span aria-hidden="true">☰</span> Menú
        </button>
      </div>
      <div id="menu-principal" className={`header-menu${menuOpen ? ' is-open' : ''}`}>
        <nav aria-label="Menú principal">
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-account">
          {signedIn ? (
            <>
              <span className="header-user">
                <span className="visually-hidden">Sesión iniciada: </span>
                {session.data?.userName}
              </span>
              <LogoutButton role={role} />
              {role === 'admin' && <LogoutAllButton />}
            </>
          ) : group === 'admin' || group === 'doctor' ? (
            <>
              <Link className="btn btn-ghost" to={group === 'admin' ? '/Login_Admin' : '/Login_Admin_Doctor'}>
                Iniciar sesión
              </Link>
              <Link className="btn btn-ghost" to={group === 'admin' ? '/Registro_Admin' : '/Registro_Admin_Doctor'}>
                Registrarse
              </Link>
            </>
          ) : (
            <>
              <button type="button" className="btn btn-ghost" onClick={onOpenLogin}>
                Iniciar sesión
              </button>
              <button type="button" className="btn btn-ghost" onClick={onOpenRegistration}>
                Registrarse
              </button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
