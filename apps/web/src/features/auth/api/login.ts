import { useMutation } from '@tanstack/react-query';
import type { LoginInput, Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** Patient sign-in: the server sets the session cookie. */
export const loginPatient = (input: LoginInput) => api.post<Result>('/api/auth/login', input);

export const useLoginPatient = () => useMutation({ mutationFn: loginPatient });
