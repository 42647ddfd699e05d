import type { Role } from '@clinica/shared';

/** How each kind of account is named on the recovery pages. */
export const ACCOUNT_LABEL: Record<Role, string> = {
  patient: 'de paciente',
  admin: 'de administrador',
  doctor: 'de doctor',
};

/** The kind of account a recovery link was opened for: `?cuenta=admin|doctor`, a patient otherwise. */
export const roleFromSearch = (search: URLSearchParams): Role => {
  const cuenta = search.get('cuenta');
  return cuenta === 'admin' || cuenta === 'doctor' ? cuenta : 'patient';
};

/** The token of a reset link: in the fragment (#token=...), or in the query of an older link. */
export const tokenFromLocation = (hash: string, search: URLSearchParams) =>
  new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? search.get('token') ?? '';
