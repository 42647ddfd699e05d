import type { PasskeyOptions } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** Passkey sign-in, step 1: the options for the authenticator (any passkey of this site). */
export const startPasskeyLogin = (role: 'admin' | 'doctor') => api.post<PasskeyOptions>(`/api/${role}/login/passkey/options`);
