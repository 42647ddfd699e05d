import { frameMessages as messages, type Role } from '@clinica/shared';
import { showAlert, showAlertAfterReload } from '../../components/ui/alert-store.js';
import { translateMessage } from '../../lib/i18n.js';
import { clearChatOutboxes } from '../../lib/storage-keys.js';
import { logout } from './api/logout.js';
import { logoutAll } from './api/logout-all.js';

/** Where each role lands after signing out or being refused (specifications: '/', '/Admin', '/AdminDoctor'). */
export const ROLE_HOME: Record<Role, string> = { patient: '/', admin: '/Admin', doctor: '/AdminDoctor' };

/** The alert after an idle logout: the administrator's text is the shorter one (docs/spec/staff.md, section 8); in the current language. */
export const expiredMessage = (role: Role) =>
  translateMessage(role === 'admin' ? messages.adminSessionExpired : messages.sessionExpired);

/**
 * Signs the role out and loads the role's home page afresh, so nothing of the session stays in
 * memory; the alert is shown on the new page. `idle`: the 30-minute inactivity logout.
 */
export async function signOut(role: Role, reason: 'manual' | 'idle') {
  try {
    await logout(role);
  } catch {
    if (reason === 'manual') {
      await showAlert(translateMessage(messages.logoutFailed));
      return;
    }
    // Idle: leave the page anyway; the server ends the idle session on its own.
    clearChatOutboxes(role);
    showAlertAfterReload(translateMessage(messages.logoutFailed));
    window.location.assign(ROLE_HOME[role]);
    return;
  }
  clearChatOutboxes(role);
  showAlertAfterReload(reason === 'idle' ? expiredMessage(role) : translateMessage(messages.logoutOk));
  window.location.assign(ROLE_HOME[role]);
}

/** 'Logout All' (administrators): every account of this browser, on every device. */
export async function signOutEverywhere() {
  try {
    const result = await logoutAll();
    clearChatOutboxes();
    showAlertAfterReload(translateMessage(result.message));
  } catch {
    await showAlert(translateMessage(messages.logoutFailed));
    return;
  }
  window.location.assign(ROLE_HOME.admin);
}
