/** Who may call a route or open a page. `anonymous` means anybody, signed in or not. */
export const ROLES = ['patient', 'admin', 'doctor'] as const;
export type Role = (typeof ROLES)[number];
export type Access = 'anonymous' | Role;
