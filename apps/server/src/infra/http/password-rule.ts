import type { PasswordOwner } from '@clinica/shared';
import { weakPasswordMessage } from '@clinica/shared/password-strength';
import { badRequest } from './errors.js';

/**
 * Refuses a new password the shared strength rule finds too easy to guess (issue 18, item 7):
 * every route that sets a password calls this before anything is written. The schemas keep
 * the length rule and its message; this adds the estimator (zxcvbn with the common and
 * Spanish dictionaries and the person's own name and e-mail).
 */
export function assertStrongPassword(password: string, owner: PasswordOwner) {
  const message = weakPasswordMessage(password, owner);
  if (message) throw badRequest(message, { password: message });
}
