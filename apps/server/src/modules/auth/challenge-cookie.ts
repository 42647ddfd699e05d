import type { FastifyReply } from 'fastify';
import { TWO_FACTOR_CHALLENGE_MS } from '@clinica/shared';

type StaffRole = 'admin' | 'doctor';

/**
 * The cookie of a staff sign-in waiting for its second factor: random, httpOnly, 5 minutes, one
 * per role. It belongs to the sessions layer (auth sets it when a password is right, two-factor
 * reads and clears it), so two-factor depends on auth and never the other way round.
 */
export const challengeCookie = (production: boolean, role: StaffRole) => ({
  name: `${production ? '__Host-' : ''}mfa_${role}`,
  options: { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: production },
});

/** Sets the cookie of a sign-in waiting for its code (the staff login routes call it). */
export function setChallengeCookie(reply: FastifyReply, production: boolean, role: StaffRole, token: string) {
  const c = challengeCookie(production, role);
  return reply.setCookie(c.name, token, { ...c.options, maxAge: TWO_FACTOR_CHALLENGE_MS / 1000 });
}
