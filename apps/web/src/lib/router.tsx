// The one module that names the router library (decision 0046, session 9): pages, the frame and tests
// import routing from here; ESLint's no-restricted-imports keeps every other file off the library.
//
// wouter 3 (about 2 kB gzip, against react-router's 13 kB in every first load) gives the links, the
// search parameters and the router context. What the app relied on from react-router in declarative
// mode is kept here, small: the location is React state changed inside startTransition (a page
// reached by a link keeps the old one on screen while its chunk loads, rather than flashing the
// Suspense fallback: wouter's own location hook updates synchronously), the navigation type (back and
// forward keep the browser's scroll position: layout/scroll-to-top.tsx), matching that ignores case
// and a trailing slash as react-router's did, a layout route with an <Outlet />, and an in-memory
// router for component tests.
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as WouterLink, Router, useSearchParams as useWouterSearchParams } from 'wouter';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}
export const NavigationType = { Pop: 'POP', Push: 'PUSH', Replace: 'REPLACE' } as const;
export type NavigationType = (typeof NavigationType)[keyof typeof NavigationType];
export interface NavigateOptions {
  replace?: boolean;
}
/** `to`: an address (absolute, relative or '#hash'), or a number of steps in the history (-1: back). */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void | Promise<void>;

interface RouterState {
  location: Location;
  type: NavigationType;
}
interface RouterValue extends RouterState {
  navigate: NavigateFunction;
}
const RouterContext = createContext<RouterValue | null>(null);

const useRouterValue = (): RouterValue => {
  const value = useContext(RouterContext);
  if (!value) throw new Error('Routing outside a BrowserRouter or MemoryRouter');
  return value;
};

const parse = (to: string, from: string): Location => {
  const url = new URL(to, new URL(from, 'http://local'));
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};
const href = ({ pathname, search, hash }: Location) => pathname + search + hash;

// wouter's location hooks, read from this module's state (stable functions: wouter calls them as hooks).
const usePath = (): [string, (to: string, options?: NavigateOptions) => void] => {
  const { location, navigate } = useRouterValue();
  return [location.pathname, navigate];
};
const useSearchString = () => useRouterValue().location.search;

function Provider({ value, children }: { value: RouterValue; children: ReactNode }) {
  return (
    <RouterContext.Provider value={value}>
      <Router hook={usePath} searchHook={useSearchString}>
        {children}
      </Router>
    </RouterContext.Provider>
  );
}

/** The app's router: the browser's address and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState<RouterState>(() => ({ location: parse(window.location.href, window.location.href), type: NavigationType.Pop }));
  useEffect(() => {
    // Back, forward and a #hash link the browser followed itself.
    const onPop = () => startTransition(() => setState({ location: parse(window.location.href, window.location.href), type: NavigationType.Pop }));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback<NavigateFunction>((to, options) => {
    if (typeof to === 'number') return window.history.go(to);
    const location = parse(to, window.location.href);
    const type = options?.replace ? NavigationType.Replace : NavigationType.Push;
    window.history[type === NavigationType.Replace ? 'replaceState' : 'pushState'](null, '', href(location));
    startTransition(() => setState({ location, type }));
  }, []);
  const value = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <Provider value={value}>{children}</Provider>;
}

/** A router in memory (component tests): starts at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [state, setState] = useState<RouterState>(() => ({ location: parse(initialEntries.at(-1) ?? '/', '/'), type: NavigationType.Pop }));
  const navigate = useCallback<NavigateFunction>((to, options) => {
    if (typeof to === 'number') return;
    startTransition(() =>
      setState((now) => ({ location: parse(to, href(now.location)), type: options?.replace ? NavigationType.Replace : NavigationType.Push })),
    );
  }, []);
  const value = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <Provider value={value}>{children}</Provider>;
}

export const useLocation = (): Location => useRouterValue().location;
export const useNavigate = (): NavigateFunction => useRouterValue().navigate;
export const useNavigationType = (): NavigationType => useRouterValue().type;
export const useSearchParams = useWouterSearchParams;

/** A link inside the app (a click with a modifier key or another button is left to the browser). */
export const Link = WouterLink;

/** Same address as react-router compared them: without regard to case, a trailing slash ignored. */
const samePath = (a: string, b: string) => a.replace(/(.)\/+$/, '$1').toLowerCase() === b.replace(/(.)\/+$/, '$1').toLowerCase();

/** A menu link: class 'active' and aria-current="page" on its own page (`end`: that page only, not the ones below it). */
export function NavLink({ to, end = false, children }: { to: string; end?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  const active = samePath(pathname, to) || (!end && pathname.toLowerCase().startsWith(`${to.replace(/\/+$/, '').toLowerCase()}/`));
  return (
    <WouterLink to={to} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined}>
      {children}
    </WouterLink>
  );
}

/** A route of the app's table: a page at `path` ('*': any address), or a layout around `children`. */
export interface RouteObject {
  path?: string;
  element?: ReactNode;
  handle?: unknown;
  children?: RouteObject[];
}

/** The routes matched by an address, outermost first (a layout, then its page), or null. No parameters: the app has none. */
export function matchRoutes<R extends RouteObject>(routes: R[], location: Pick<Location, 'pathname'>): { route: R }[] | null {
  for (const route of routes) {
    if (route.children) {
      const inner = matchRoutes(route.children as R[], location);
      if (inner) return [{ route }, ...inner];
    } else if (route.path === '*' || (route.path !== undefined && samePath(location.pathname, route.path))) {
      return [{ route }];
    }
  }
  return null;
}

const OutletContext = createContext<ReactNode>(null);
/** Where a layout route shows its matched page. */
export const Outlet = () => useContext(OutletContext);

/** The element of the routes the current address matches, each layout around the next. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(routes, location), [routes, location]);
  if (!matches) return null;
  return matches.reduceRight<ReactNode>((outlet, { route }) => <OutletContext.Provider value={outlet}>{route.element}</OutletContext.Provider>, null);
}
