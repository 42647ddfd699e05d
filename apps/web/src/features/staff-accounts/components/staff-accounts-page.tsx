import { useState } from 'react';
import { formatDate, STAFF_STATES, type StaffAccount, type StaffAction, type StaffState } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { ListStatus, useListState } from '../../../components/ui/list-status.js';
import { StaffList } from '../../../components/ui/staff-list.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useActOnStaffAccount } from '../api/act-on-staff-account.js';
import { useStaffAccounts } from '../api/get-staff-accounts.js';
import { InviteStaffForm } from './invite-staff-form.js';
import '../staff-accounts.css';

/** The actions each state offers (the server checks the same). */
const ACTIONS_OF: Record<StaffState, StaffAction[]> = {
  pendiente: ['approve', 'reject'],
  activo: ['deactivate'],
  desactivado: ['reactivate'],
};
const CONFIRM_TEXT = {
  approve: 'staffConfirmApprove',
  reject: 'staffConfirmReject',
  deactivate: 'staffConfirmDeactivate',
  reactivate: 'staffConfirmReactivate',
} as const;
const DANGER: ReadonlySet<StaffAction> = new Set(['reject', 'deactivate']);

function useFormatDate() {
  const { i18n } = useTranslation('staff-accounts');
  return (iso: string) => formatDate(iso, i18n.language);
}

/** One account as a card: who, which kind (and service), since when, and what can be done. */
function AccountCard({ account, onAction }: { account: StaffAccount; onAction: (action: StaffAction) => void }) {
  const { t } = useTranslation('staff-accounts');
  const formatDate = useFormatDate();
  const name = `${account.nombre} ${account.apellido}`;
  return (
    <>
      <div className="staff-card-who">
        <strong>{name}</strong>
        <span>
          {t(`roles.${account.role}`)}
          {account.servicio ? ` · ${t(`services.${account.servicio}`)}` : ''}
        </span>
        <span className="staff-card-email">{account.correo}</span>
        <span className="staff-card-date">{t('list.since', { date: formatDate(account.created_at) })}</span>
      </div>
      <div className="staff-card-actions">
        {ACTIONS_OF[account.estado].map((action) => (
          <Button
            key={action}
            variant={DANGER.has(action) ? 'danger' : 'primary'}
            onClick={() => onAction(action)}
            aria-label={t('list.actionFor', { action: t(`actions.${action}`), name })}
          >
            {t(`actions.${action}`)}
          </Button>
        ))}
      </div>
    </>
  );
}

/**
 * /Personal_Admin (issue 18): the clinic's staff accounts by state: pending registrations to
 * approve or reject, active accounts to deactivate, deactivated ones to reactivate; each action
 * confirmed. An invitation by e-mail creates an account without the shared key.
 */
export function StaffAccountsPage() {
  const { t } = useTranslation('staff-accounts');
  const messages = useMessages();
  const accounts = useStaffAccounts();
  const act = useActOnStaffAccount();
  const [pending, setPending] = useState<{ account: StaffAccount; action: StaffAction } | null>(null);
  // One read for the three sections: its loading and its refusal are said once, above them; an
  // empty section says its own empty text (issue 21).
  const state = useListState(accounts, true, { errorFallback: messages.requestFailed });

  const confirm = async () => {
    if (!pending) return;
    try {
      const result = await act.mutateAsync({ id: pending.account.id, action: pending.action });
      setPending(null);
      await showAlert(translateMessage(result.message));
    } catch (error) {
      setPending(null);
      await showAlert(messageOf(error, messages.requestFailed));
    }
  };

  return (
    <div className="staff-page">
      <h1>{t('page.title')}</h1>
      <p className="staff-intro">{t('page.intro')}</p>
      <InviteStaffForm />
      <ListStatus state={state} />
      {accounts.data &&
        STAFF_STATES.map((estado) => {
          // Each state's section draws its part through the staff list (its empty text), cards
          // because each row holds its actions.
          const rows = accounts.data.filter((a) => a.estado === estado);
          return (
            <section key={estado} className="staff-section" aria-labelledby={`staff-${estado}`}>
              <h2 id={`staff-${estado}`}>
                {t(`states.${estado}`)} <span className="staff-count">({rows.length})</span>
              </h2>
              <StaffList
                layout="cards"
                caption={t(`states.${estado}`)}
                listClassName="staff-list"
                rowClassName={() => 'staff-card'}
                list={{ ...accounts, data: rows }}
                emptyText={t(`empty.${estado}`)}
                rowKey={(a) => a.id}
                renderRow={(account) => <AccountCard account={account} onAction={(action) => setPending({ account, action })} />}
              />
            </section>
          );
        })}
      {pending && (
        <ConfirmDialog
          title={t(`confirm.${pending.action}`)}
          text={
            <>
              <strong>
                {pending.account.nombre} {pending.account.apellido}
              </strong>{' '}
              ({pending.account.correo}). {messages[CONFIRM_TEXT[pending.action]]}
            </>
          }
          confirmLabel={t(`actions.${pending.action}`)}
          danger={DANGER.has(pending.action)}
          busy={act.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      )}
    </div>
  );
}
