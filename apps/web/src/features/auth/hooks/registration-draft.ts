import type { z } from 'zod/mini';
import type { patientRegistrationSchema } from '@clinica/shared';

type FormInput = z.input<typeof patientRegistrationSchema>;

/** What the registration pop-up keeps of what was typed: every field but the two passwords. */
export type RegistrationDraft = Omit<FormInput, 'password' | 'password_confirm'>;

// In this page's memory only, never in storage: a cédula and an address must not outlive the tab
// (a reload forgets them). A stray tap outside the 1,200-px-tall pop-up on a phone closed it and
// threw everything away (issue 23); now it reopens as it was. The passwords and the ID image are
// never kept: a password in memory longer than needed, and a file input cannot be refilled anyway.
let draft: RegistrationDraft | null = null;
// Set when a registration went through: the pop-up's closing that follows keeps nothing.
let registered = false;

export const registrationDraft = () => draft;

/** The pop-up closes: what was typed stays for its next opening. */
export function keepRegistrationDraft(values: FormInput) {
  if (registered) {
    registered = false;
    return;
  }
  const { password: _password, password_confirm: _confirm, ...rest } = values;
  draft = rest;
}

/** After a registration went through: the next pop-up starts empty. */
export const forgetRegistrationDraft = () => {
  draft = null;
  registered = true;
};
