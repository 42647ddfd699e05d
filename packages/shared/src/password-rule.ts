/**
 * The light half of the password rule (no dictionaries): the minimum score and which of the
 * person's own words a password must not lean on. The estimator is `@clinica/shared/password-strength`.
 */

/** zxcvbn score a new password must reach: 3 = "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

/** What the form knows about the person when they choose a password. */
export interface PasswordOwner {
  nombre?: string | undefined;
  apellido?: string | undefined;
  correo?: string | undefined;
}

/** The person's own words, which zxcvbn treats as a dictionary: name, surname, e-mail and its parts. */
export function passwordUserInputs(owner: PasswordOwner): string[] {
  const words = [owner.nombre, owner.apellido, owner.correo];
  const correo = owner.correo?.trim().toLowerCase();
  if (correo) {
    const [local = '', domain = ''] = correo.split('@');
    words.push(local, ...local.split(/[._+-]+/), domain.split('.')[0]);
  }
  return [...new Set(words.map((w) => w?.trim().toLowerCase() ?? '').filter((w) => w.length >= 3))];
}
