import { useMutation } from '@tanstack/react-query';
import type { Result, TwoFactorLoginInput } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** The second step of a staff sign-in: the authenticator's code or a recovery code. */
export const sendLoginCode = ({ role, ...body }: TwoFactorLoginInput & { role: 'admin' | 'doctor' }) =>
  api.post<Result>(`/api/${role}/login/code`, body);

export const useSendLoginCode = () => useMutation({ mutationFn: sendLoginCode });
