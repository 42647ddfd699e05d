// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserRouter, Link, MemoryRouter, NavLink, Outlet, useLocation, useNavigationType, useRoutes, useSearchParams, type RouteObject } from './router.js';

afterEach(cleanup);

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{`${pathname}${search}${hash} ${useNavigationType()}`}</p>;
}
const routes: RouteObject[] = [
  {
    element: (
      <main>
        <nav>
          <NavLink to="/Consultas" end>
            Mis consultas
          </NavLink>
          <Link to="/citas?paso=2">Citas</Link>
        </nav>
        <Outlet />
        <Where />
      </main>
    ),
    children: [
      { path: '/Consultas', element: <h1>Consultas</h1> },
      { path: '/citas', element: <h1>Citas</h1> },
      { path: '*', element: <h1>Página no encontrada</h1> },
    ],
  },
];
function App() {
  return useRoutes(routes);
}

describe('lib/router (wouter under the app’s routing API)', () => {
  it('matches an address without regard to case or a trailing slash, and anything else shows the 404 route', () => {
    render(
      <MemoryRouter initialEntries={['/consultas/']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Consultas');
    expect(screen.getByRole('link', { name: 'Mis consultas' }).getAttribute('aria-current')).toBe('page');
    cleanup();
    render(
      <MemoryRouter initialEntries={['/no-existe']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Página no encontrada');
  });

  it('a link changes the page in the layout’s outlet (a push, with its query), and back is a pop', async () => {
    window.history.replaceState(null, '', '/Consultas');
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    expect(screen.getByTestId('where').textContent).toBe('/Consultas POP');
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Citas' }));
    });
    expect(screen.getByRole('heading').textContent).toBe('Citas');
    expect(screen.getByTestId('where').textContent).toBe('/citas?paso=2 PUSH');
    expect(window.location.pathname + window.location.search).toBe('/citas?paso=2');
    expect(screen.getByRole('link', { name: 'Mis consultas' }).getAttribute('aria-current')).toBeNull();
    // The browser's back button: the address changes, then 'popstate' (happy-dom does not fire it on back()).
    await act(async () => {
      window.history.replaceState(null, '', '/Consultas');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByTestId('where').textContent).toBe('/Consultas POP');
    expect(screen.getByRole('heading').textContent).toBe('Consultas');
  });

  it('a click with a modifier key is left to the browser (a new tab), not routed', async () => {
    render(
      <MemoryRouter initialEntries={['/Consultas']}>
        <App />
      </MemoryRouter>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Citas' }), { ctrlKey: true });
    });
    expect(screen.getByRole('heading').textContent).toBe('Consultas');
  });

  it('search parameters read the address and replace it when set', async () => {
    function Search() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams({ codigo: 'AB12' }, { replace: true })}>
          {params.get('codigo') ?? 'sin código'}
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={['/verificar-documento?codigo=XY']}>
        <Search />
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button').textContent).toBe('XY');
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(screen.getByRole('button').textContent).toBe('AB12');
    expect(screen.getByTestId('where').textContent).toBe('/verificar-documento?codigo=AB12 REPLACE');
  });
});
