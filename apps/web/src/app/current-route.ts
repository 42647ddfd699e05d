import { useMemo } from 'react';
import { matchRoutes, useLocation } from '../lib/router.js';
import { PAGE_ROUTES, type PageRoute, type Role } from '@clinica/shared';

// Matched here from the location (not useMatches, which needs the data router) so the frame, which
// sits above the matched route, knows it too. Same matching as the router: case-insensitive.
const MATCHABLE = PAGE_ROUTES.map((route) => ({ path: route.path, handle: { route } satisfies RouteHandle }));

/** What each route of the router carries: its entry of PAGE_ROUTES. */
export interface RouteHandle {
  route: PageRoute;
}

const NOT_FOUND: PageRoute = { path: '*', access: 'anonymous', group: 'public' };

/** The PAGE_ROUTES entry of the page on screen (router matching ignores case; this is the declared path). */
export function useCurrentRoute(): PageRoute {
  const location = useLocation();
  return useMemo(() => matchRoutes(MATCHABLE, location)?.at(-1)?.route.handle.route ?? NOT_FOUND, [location]);
}

/** Whose session a route group's header, countdown and idle logout follow. */
export const roleOfGroup = (group: PageRoute['group']): Role =>
  group === 'admin' ? 'admin' : group === 'doctor' ? 'doctor' : 'patient';
