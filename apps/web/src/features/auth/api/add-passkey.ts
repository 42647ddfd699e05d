import type { PasskeyRegistrationInput, Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** Registration, step 2: the named passkey with the authenticator's answer. */
export const addPasskey = (role: 'admin' | 'doctor', body: PasskeyRegistrationInput) => api.post<Result>(`/api/${role}/passkeys`, body);
