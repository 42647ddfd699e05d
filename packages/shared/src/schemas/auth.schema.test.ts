import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { patientRegistrationSchema } from './auth.schema.js';

const issuesOf = (input: unknown) => {
  const r = patientRegistrationSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('patientRegistrationSchema', () => {
  it('reports a wrong phone length and a password mismatch together with the empty fields', () => {
    const issues = issuesOf({ nombre: '', password: 'secreto-1234', password_confirm: 'otro-1234', country_code: '+54', celular: '6123' });
    expect(issues.nombre).toBe(messages.missingFields);
    expect(issues.password_confirm).toBe(messages.passwordsDoNotMatch);
    expect(issues.celular).toBe(messages.invalidPhone);
  });

  it('does not judge the phone when the country code itself is not valid', () => {
    expect(issuesOf({ country_code: '+999', celular: '61234567' }).celular).toBeUndefined();
  });
});
