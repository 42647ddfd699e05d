import { useEffect, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { messages, type PasswordOwner } from '@clinica/shared';
import type * as PasswordStrengthModule from '@clinica/shared/password-strength';

/**
 * The shared password-strength rule in the browser (issue 18, item 7). The estimator and its
 * dictionaries weigh several hundred kB, so they come in a chunk of their own, fetched only by
 * the pages that have a new-password field, and never on a first load of a public page.
 */
type Estimator = typeof PasswordStrengthModule;
let loading: Promise<Estimator> | undefined;
export const loadPasswordStrength = () => (loading ??= import('@clinica/shared/password-strength'));

/** The score of what the person typed, once the estimator is in (null before, or for an empty field). */
export function usePasswordStrength(password: string, owner: PasswordOwner) {
  const [estimator, setEstimator] = useState<Estimator | undefined>(undefined);
  useEffect(() => {
    let live = true;
    loadPasswordStrength().then(
      (m) => live && setEstimator(() => m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!estimator || password === '') return null;
  return estimator.passwordStrength(password, owner);
}

/**
 * Adds the strength rule to a form's resolver: once the schema accepts the password, a password
 * the estimator finds too easy to guess gets 'La contraseña es demasiado fácil de adivinar…' on
 * the password field, as the server would answer.
 */
export function withPasswordStrength<I extends FieldValues, C, O>(
  base: Resolver<I, C, O>,
  ownerOf: (values: I) => PasswordOwner,
): Resolver<I, C, O> {
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const password = (values as Record<string, unknown>).password;
    if (typeof password !== 'string' || 'password' in result.errors || password === '') return result;
    const { weakPasswordMessage } = await loadPasswordStrength();
    if (!weakPasswordMessage(password, ownerOf(values))) return result;
    return {
      values: {},
      errors: { ...result.errors, password: { type: 'strength', message: messages.passwordTooWeak } },
    } as Awaited<ReturnType<Resolver<I, C, O>>>;
  };
}
