import type { Result, Role } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

const LOGOUT_PATHS: Record<Role, string> = {
  patient: '/api/auth/logout',
  admin: '/api/admin/logout',
  doctor: '/api/doctor/logout',
};

/** Ends the role's session in this browser (idempotent). */
export const logout = (role: Role) => api.post<Result>(LOGOUT_PATHS[role]);
