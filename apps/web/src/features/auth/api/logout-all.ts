import type { Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** 'Logout All': ends every session of every account signed in in this browser, on every device. */
export const logoutAll = () => api.post<Result>('/api/auth/logout-all');
