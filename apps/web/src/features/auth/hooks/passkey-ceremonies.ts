import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type PasskeyLoginInput, type PasskeyRegistrationInput } from '@clinica/shared';
import { ApiError } from '../../../lib/api-client.js';
import { addPasskey } from '../api/add-passkey.js';
import { passkeysKey } from '../api/get-passkeys.js';
import { loginWithPasskey } from '../api/login-passkey.js';
import { startPasskeyLogin } from '../api/start-passkey-login.js';
import { startPasskeyRegistration } from '../api/start-passkey-registration.js';

type StaffRole = 'admin' | 'doctor';

// @simplewebauthn/browser is loaded only when a person presses a passkey button: the login and
// security pages' first load stays within its budget (decision 0015).
const webauthn = () => import('@simplewebauthn/browser');

/**
 * The browser's part failed (the person cancelled, no authenticator, timeout): an error that
 * carries the catalogue's message, so the alert shows it like a server's answer.
 */
function browserRefused(): ApiError {
  return new ApiError(messages.passkeyCancelled, 400, {});
}

/** Registration: the server's options, the authenticator (create), then the named key. */
export async function registerPasskey(role: StaffRole, nombre: string) {
  const { opciones } = await startPasskeyRegistration(role);
  const { startRegistration } = await webauthn();
  let respuesta: PasskeyRegistrationInput['respuesta'];
  try {
    respuesta = (await startRegistration({ optionsJSON: opciones as never })) as PasskeyRegistrationInput['respuesta'];
  } catch {
    throw browserRefused();
  }
  return addPasskey(role, { nombre, respuesta });
}

/** Sign-in: the server's options, the authenticator (get, any passkey of this site), the session. */
export async function signInWithPasskey(role: StaffRole) {
  const { opciones } = await startPasskeyLogin(role);
  const { startAuthentication } = await webauthn();
  let respuesta: PasskeyLoginInput['respuesta'];
  try {
    respuesta = (await startAuthentication({ optionsJSON: opciones as never })) as PasskeyLoginInput['respuesta'];
  } catch {
    throw browserRefused();
  }
  return loginWithPasskey(role, { respuesta });
}

export const useRegisterPasskey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ role, nombre }: { role: StaffRole; nombre: string }) => registerPasskey(role, nombre),
    onSettled: (_r, _e, { role }) => client.invalidateQueries({ queryKey: passkeysKey(role) }),
  });
};

export const useSignInWithPasskey = () => useMutation({ mutationFn: signInWithPasskey });
