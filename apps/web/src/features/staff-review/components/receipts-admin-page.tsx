import { useState } from 'react';
import { NameSearch } from '../../../components/ui/name-search.js';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { useMessages } from '../../../lib/i18n.js';
import { useAdminReceipts } from '../api/get-admin-receipts.js';
import { formatMoney, useReviewFormat } from './format.js';
import { ReceiptAdminModal } from './receipt-admin-modal.js';
import '../staff-review.css';

/** /Recibo_Admin: every payment receipt, the first-name search and the detail modal by token. */
export function ReciboAdminPage() {
  const { t, formatDateTime, paymentStateLabel, refundStateLabel, purposeLabel, methodLabel, yesNo } = useReviewFormat();
  const messages = useMessages();
  const [search, setSearch] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const rows = useAdminReceipts(search);

  return (
    <div className="review-page">
      <h1>{t('receiptsPage.title')}</h1>
      <NameSearch
        onSearch={(name) => (name === '' ? void showAlert(messages.missingFields) : setSearch(name))}
        onClear={() => setSearch(null)}
      />
      <div className="review-table-wrap">
        <table className="review-table">
          <caption className="visually-hidden">{t('receiptsPage.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('table.patient')}</th>
              <th scope="col">{t('table.concept')}</th>
              <th scope="col">{t('table.amount')}</th>
              <th scope="col">{t('table.method')}</th>
              <th scope="col">{t('table.date')}</th>
              <th scope="col">{t('table.state')}</th>
              <th scope="col">{t('table.reviewed')}</th>
              <th scope="col">{t('table.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.isPending ? (
              <tr>
                <td colSpan={8}>{messages.loading}</td>
              </tr>
            ) : rows.isError ? (
              <tr>
                <td colSpan={8} role="alert" className="review-error">
                  {messageOf(rows.error, messages.requestNetworkError)}
                </td>
              </tr>
            ) : rows.data.length === 0 ? (
              <tr>
                <td colSpan={8}>{messages.noResults}</td>
              </tr>
            ) : (
              rows.data.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    {r.nombre} {r.apellido}
                    {r.posible_duplicado && <span className="review-badge review-badge-warn">{t('table.possibleDuplicate')}</span>}
                  </th>
                  <td>{purposeLabel(r.proposito)}</td>
                  <td>{formatMoney(r.monto)}</td>
                  <td>{methodLabel(r.metodo_de_pago)}</td>
                  <td>{formatDateTime(r.fecha)}</td>
                  <td>
                    <span className={`review-state review-state-${r.estado}`}>{paymentStateLabel(r.estado)}</span>
                    {r.reembolso && (
                      <span className={`review-badge review-badge-refund review-badge-refund-${r.reembolso.estado}`}>{refundStateLabel(r.reembolso.estado)}</span>
                    )}
                  </td>
                  <td>{yesNo(r.revisado)}</td>
                  <td>
                    <Button variant="secondary" onClick={() => setOpen(r.token)} aria-label={t('table.fullInfoFor', { name: `${r.nombre} ${r.apellido}` })}>
                      {t('table.fullInfo')}
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {open !== null && <ReceiptAdminModal token={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
