import { useMatches } from 'react-router';
import type { PageRoute, Role } from '@clinica/shared';

/** What each route of the router carries: its entry of PAGE_ROUTES. */
export interface RouteHandle {
  route: PageRoute;
}

const NOT_FOUND: PageRoute = { path: '*', access: 'anonymous', group: 'public' };

/** The PAGE_ROUTES entry of the page on screen (router matching ignores case; this is the declared path). */
export function useCurrentRoute(): PageRoute {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return NOT_FOUND;
}

/** Whose session a route group's header, countdown and idle logout follow. */
export const roleOfGroup = (group: PageRoute['group']): Role =>
  group === 'admin' ? 'admin' : group === 'doctor' ? 'doctor' : 'patient';
