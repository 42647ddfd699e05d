import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { requireRole } from './access.js';
import { AppError } from './errors.js';

const account = (accountId: string) => ({ accountId, idHash: `hash-${accountId}` }) as never;

describe('requireRole: the one "who is calling" of every route', () => {
  it("returns the signed-in account of the role asked for, not another role's", () => {
    const request = { accounts: { patient: account('p1'), admin: account('a1') } };
    expect(requireRole(request, 'patient')).toMatchObject({ accountId: 'p1' });
    expect(requireRole(request, 'admin')).toMatchObject({ accountId: 'a1' });
  });

  it('answers 401 with the catalogue message when that role is not signed in (another role is)', () => {
    const request = { accounts: { patient: account('p1') } };
    let thrown: unknown;
    try {
      requireRole(request, 'doctor');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ statusCode: 401, message: messages.unauthenticated });
    expect(() => requireRole({ accounts: {} }, 'admin')).toThrow(messages.unauthenticated);
  });
});
