import type { Role } from '@clinica/shared';

/** The catalogue key naming each kind of account on the recovery pages ('Cuenta de paciente'...). */
export const ACCOUNT_KEY: Record<Role, string> = {
  patient: 'account.patient',
  admin: 'account.admin',
  doctor: 'account.doctor',
};

/** The kind of account a recovery link was opened for: `?cuenta=admin|doctor`, a patient otherwise. */
export const roleFromSearch = (search: URLSearchParams): Role => {
  const cuenta = search.get('cuenta');
  return cuenta === 'admin' || cuenta === 'doctor' ? cuenta : 'patient';
};

/** The token of a reset link: in the fragment (#token=...), or in the query of an older link. */
export const tokenFromLocation = (hash: string, search: URLSearchParams) =>
  new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? search.get('token') ?? '';
