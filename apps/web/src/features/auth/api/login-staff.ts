import { useMutation } from '@tanstack/react-query';
import type { LoginInput, Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

export interface StaffLoginInput extends LoginInput {
  role: 'admin' | 'doctor';
  /** 'Iniciar sesión en todas las cuentas' (administrator login only). */
  allAccounts?: boolean;
}

/** Staff sign-in; with `allAccounts` every account of any kind with these credentials is signed in. */
export function loginStaff({ role, allAccounts, email, password }: StaffLoginInput) {
  const path = role === 'admin' && allAccounts ? '/api/admin/login-all' : `/api/${role}/login`;
  return api.post<Result>(path, { email, password });
}

export const useLoginStaff = () => useMutation({ mutationFn: loginStaff });
