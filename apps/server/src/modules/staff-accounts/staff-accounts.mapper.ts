import { messages, type StaffAccount, type StaffAction, type StaffInvitationInfo } from '@clinica/shared';
import type { StaffAccountsRepository } from './staff-accounts.repository.js';

// The wire shapes of /Personal_Admin and the invitation page (decision 0037: the route maps, the service returns rows).

type Row = Awaited<ReturnType<StaffAccountsRepository['list']>>[number];
type Invitation = NonNullable<Awaited<ReturnType<StaffAccountsRepository['findInvitation']>>>;

export const toStaffAccount = (r: Row): StaffAccount => ({ ...r, created_at: r.created_at.toISOString() });

/** What an invitation link is for (the invitee's page shows it above the form). */
export const toInvitationInfo = (i: Invitation): StaffInvitationInfo => ({ rol: i.role, correo: i.correo, servicio: i.servicio });

/** The answer of each of the four actions. */
export const STAFF_ACTION_DONE: Record<StaffAction, string> = {
  approve: messages.staffApprovedOk,
  reject: messages.staffRejectedOk,
  deactivate: messages.staffDeactivatedOk,
  reactivate: messages.staffReactivatedOk,
};
