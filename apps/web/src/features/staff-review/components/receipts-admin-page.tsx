import { useState } from 'react';
import { Reference, useReferenceColumn } from '../../../components/ui/reference.js';
import { Button } from '../../../components/ui/button.js';
import { StaffList } from '../../../components/ui/staff-list.js';
import { useListSearch } from '../../../components/ui/use-list-search.js';
import { useAdminReceipts } from '../api/get-admin-receipts.js';
import { formatMoney, useReviewFormat } from './format.js';
import { ReceiptAdminModal } from './receipt-admin-modal.js';
import '../staff-review.css';

/** /Recibo_Admin: every payment receipt, the first-name search and the detail modal by token. */
export function ReciboAdminPage() {
  const { t, formatDateTime, paymentStateLabel, refundStateLabel, purposeLabel, methodLabel, yesNo } =
    useReviewFormat();
  const [open, setOpen] = useState<string | null>(null);
  const { name, pages, search } = useListSearch({ required: true, byReference: true });
  const referenceColumn = useReferenceColumn();
  const rows = useAdminReceipts(name, pages.cursor);

  return (
    <div className="review-page">
      <h1>{t('receiptsPage.title')}</h1>
      <StaffList
        caption={t('receiptsPage.title')}
        tableClassName="review-table"
        columns={[
          referenceColumn,
          t('table.patient'),
          t('table.concept'),
          t('table.amount'),
          t('table.method'),
          t('table.date'),
          t('table.state'),
          t('table.reviewed'),
          t('table.detail'),
        ]}
        list={rows}
        pages={pages}
        search={search}
        rowKey={(r) => r.id}
        renderRow={(r) => (
          <>
            {/* First, so a phone shows it without scrolling the table sideways. */}
            <td>
              <Reference kind="payment" numero={r.numero} bare />
            </td>
            <th scope="row">
              {r.nombre} {r.apellido}
              {r.posible_duplicado && (
                <span className="review-badge review-badge-warn">{t('table.possibleDuplicate')}</span>
              )}
            </th>
            <td>{purposeLabel(r.proposito)}</td>
            <td>{formatMoney(r.monto)}</td>
            <td>{methodLabel(r.metodo_de_pago)}</td>
            <td>{formatDateTime(r.fecha)}</td>
            <td>
              <span className={`review-state review-state-${r.estado}`}>{paymentStateLabel(r.estado)}</span>
              {r.reembolso && (
                <span className={`review-badge review-badge-refund review-badge-refund-${r.reembolso.estado}`}>
                  {refundStateLabel(r.reembolso.estado)}
                </span>
              )}
            </td>
            <td>{yesNo(r.revisado)}</td>
            <td>
              <Button
                variant="secondary"
                onClick={() => setOpen(r.token)}
                aria-label={t('table.fullInfoFor', { name: `${r.nombre} ${r.apellido}` })}
              >
                {t('table.fullInfo')}
              </Button>
            </td>
          </>
        )}
      />
      {open !== null && <ReceiptAdminModal token={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
