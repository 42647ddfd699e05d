import type { PasskeyLoginInput, Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** Passkey sign-in, step 2: the authenticator's assertion opens the session (both factors). */
export const loginWithPasskey = (role: 'admin' | 'doctor', body: PasskeyLoginInput) => api.post<Result>(`/api/${role}/login/passkey`, body);
