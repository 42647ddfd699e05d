import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as es from '@zxcvbn-ts/language-es-es';
import { messages } from './messages.js';
import { MIN_PASSWORD_SCORE, passwordUserInputs, type PasswordOwner } from './password-rule.js';

/**
 * The one password-strength rule (issue 18, item 7; docs/decisions/0023), run by the server on
 * every route that sets a password and by the forms as the person types. It lives apart from the
 * package's index because the dictionaries weigh about a megabyte: the server imports it at start,
 * the web app only in a lazily loaded chunk of the pages that have a password field.
 */

let estimator: ZxcvbnFactory | undefined;
// Built on first use: the dictionaries are turned into ranked lists once per process.
const zxcvbn = () =>
  (estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...es.dictionary },
    graphs: common.adjacencyGraphs,
    translations: es.translations,
  }));

export interface PasswordStrength {
  /** zxcvbn's score, 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  /** True when the score reaches MIN_PASSWORD_SCORE. */
  strongEnough: boolean;
}

/** Scores a password against the common and Spanish dictionaries and the person's own name and e-mail. */
export function passwordStrength(password: string, owner: PasswordOwner = {}): PasswordStrength {
  // zxcvbn's time grows with the length; the schemas cap a password at 128 characters already.
  const { score } = zxcvbn().check(password.slice(0, 128), passwordUserInputs(owner));
  return { score, strongEnough: score >= MIN_PASSWORD_SCORE };
}

/** The catalogue message for a password the rule refuses, or null when it is strong enough. */
export function weakPasswordMessage(password: string, owner: PasswordOwner = {}): string | null {
  return passwordStrength(password, owner).strongEnough ? null : messages.passwordTooWeak;
}
