import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionCheckPath, TIMERS, type PatientSession, type Role, type StaffSession } from '@clinica/shared';
import { activitySince } from '../../../lib/activity.js';
import { api } from '../../../lib/api-client.js';
import { clearChatOutboxes } from '../../../lib/storage-keys.js';

/** A role's session as the pages use it. */
export interface SessionState {
  loggedIn: boolean;
  userName: string | null;
  /** A staff account that must enrol in two-step verification before any other staff page. */
  enrolmentRequired?: boolean;
}

/**
 * Asks the server whether the role is signed in. `activo=1` when the person moved, typed,
 * clicked or scrolled since the previous check: only then does the server restart its idle clock.
 */
export async function fetchSession(role: Role): Promise<SessionState> {
  // The first check of a page says activo=1 (activitySince), the path its preload hint names.
  const path = sessionCheckPath(role, activitySince(`session:${role}`));
  if (role === 'patient') {
    const s = await api.get<PatientSession>(path);
    // Signed out (also by expiry while the page was closed): no unsent chat text stays behind.
    if (!s.loggedIn) clearChatOutboxes(role);
    return { loggedIn: s.loggedIn, userName: s.user_name };
  }
  const s = await api.get<StaffSession>(path);
  if (!(s.loggedInAdmin && s.authenticated)) clearChatOutboxes(role);
  return {
    loggedIn: s.loggedInAdmin && s.authenticated,
    userName: s.user_name_admin,
    ...(s.inscripcion_requerida ? { enrolmentRequired: true } : {}),
  };
}

export const sessionQueryKey = (role: Role) => ['session', role] as const;

/** Polled every 5 s (TIMERS.sessionPollMs) by the header and the page gates, which share it. */
export const getSessionQueryOptions = (role: Role) =>
  queryOptions({
    queryKey: sessionQueryKey(role),
    queryFn: () => fetchSession(role),
    refetchInterval: TIMERS.sessionPollMs,
    staleTime: TIMERS.sessionPollMs - 500,
    retry: 1,
  });

export const useSession = (role: Role) => useQuery(getSessionQueryOptions(role));
