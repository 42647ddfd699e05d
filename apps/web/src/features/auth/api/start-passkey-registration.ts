import type { PasskeyOptions } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** Registration, step 1: the options for the authenticator (the server keeps the challenge under a cookie). */
export const startPasskeyRegistration = (role: 'admin' | 'doctor') => api.post<PasskeyOptions>(`/api/${role}/passkeys/options`);
