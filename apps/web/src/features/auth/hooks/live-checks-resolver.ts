import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { messages, phoneMatchesCountry } from '@clinica/shared';

/**
 * Wraps a schema resolver with the schema's cross-field rules run on their own: zod runs an
 * object's refinements only once every field passes, yet 'Las contraseñas no coinciden' and
 * 'El número no es válido.' must show while the person is still filling the form.
 */
export function withLiveChecks<I extends FieldValues, O>(base: Resolver<I, unknown, O>): Resolver<I, unknown, O> {
  return async (values, context, options) => {
    const result = await base(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const errors: Record<string, { type: string; message: string }> = {};
    const v = values as Record<string, unknown>;
    const text = (key: string) => (typeof v[key] === 'string' ? v[key] : '');
    if ('celular' in v && text('celular').trim() !== '' && !phoneMatchesCountry(text('country_code'), text('celular'))) {
      errors.celular = { type: 'custom', message: messages.invalidPhone };
    }
    if (text('password_confirm') !== '' && text('password') !== text('password_confirm')) {
      errors.password_confirm = { type: 'custom', message: messages.passwordsDoNotMatch };
    }
    return { values: {}, errors: { ...(errors as FieldErrors<I>), ...result.errors } };
  };
}
