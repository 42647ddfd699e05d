import { useMutation } from '@tanstack/react-query';
import type { LoginInput, StaffLoginResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

export interface StaffLoginInput extends LoginInput {
  role: 'admin' | 'doctor';
  /** 'Iniciar sesión en todas las cuentas' (administrator login only). */
  allAccounts?: boolean;
  /**
   * The second factor's code sent with the password: the way in while strangers' wrong
   * passwords keep the account locked for unknown browsers (429).
   */
  codigo?: string;
}

/**
 * Staff sign-in; with `allAccounts` every account of any kind with these credentials is signed in.
 * `codigo_requerido`: the account has two-factor sign-in and its code is to be sent (login-code.ts);
 * `inscripcion_requerida`: signed in, but the account must enrol before reaching staff data.
 */
export function loginStaff({ role, allAccounts, email, password, codigo }: StaffLoginInput) {
  const path = role === 'admin' && allAccounts ? '/api/admin/login-all' : `/api/${role}/login`;
  return api.post<StaffLoginResult>(path, codigo ? { email, password, codigo } : { email, password });
}

export const useLoginStaff = () => useMutation({ mutationFn: loginStaff });
