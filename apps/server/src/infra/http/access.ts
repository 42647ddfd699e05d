import type { Role } from '@clinica/shared';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from './errors.js';

type Accounts = FastifyRequest['accounts'];

/**
 * The signed-in account of `role` on this request, or a 401 (the catalogue's 'unauthenticated').
 *
 * The sessions gate has already refused a request without any allowed role's session, so on a
 * route whose access is one role this never throws; on a route open to several roles (or a
 * handler that needs a role its access does not guarantee) it is the check. One helper for every
 * route, so that "who is calling" reads the same everywhere and no route trusts a `!`.
 */
export function requireRole<R extends Role>(request: { accounts: Accounts }, role: R): NonNullable<Accounts[R]> {
  const account = request.accounts[role];
  if (!account) throw unauthenticated();
  return account;
}
