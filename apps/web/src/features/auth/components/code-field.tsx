import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/field.js';

/** The 6-digit field of the authenticator: numeric keyboard, the browser's one-time-code autofill. */
export function CodeField({
  label,
  error,
  registration,
}: {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn<'codigo'>;
}) {
  return (
    <Field label={label} error={error} required>
      {(p) => (
        <input
          {...p}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          {...registration}
        />
      )}
    </Field>
  );
}
