import { useState } from 'react';
import { messages } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { useAdminReceipts } from '../api/get-admin-receipts.js';
import { PAYMENT_STATE_LABELS, PURPOSE_LABELS, formatDateTime, formatMoney } from './format.js';
import { ReceiptAdminModal } from './receipt-admin-modal.js';
import { SearchBar } from './search-bar.js';
import '../staff-review.css';

/** /Recibo_Admin: every payment receipt, the first-name search and the detail modal by token. */
export function ReciboAdminPage() {
  const [search, setSearch] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const rows = useAdminReceipts(search);

  return (
    <div className="review-page">
      <h1>Recibos de pago</h1>
      <SearchBar
        onSearch={(name) => (name === '' ? void showAlert(messages.missingFields) : setSearch(name))}
        onClear={() => setSearch(null)}
      />
      <div className="review-table-wrap">
        <table className="review-table">
          <caption className="visually-hidden">Recibos de pago</caption>
          <thead>
            <tr>
              <th scope="col">Paciente</th>
              <th scope="col">Concepto</th>
              <th scope="col">Monto</th>
              <th scope="col">Método</th>
              <th scope="col">Fecha</th>
              <th scope="col">Estado</th>
              <th scope="col">Revisado</th>
              <th scope="col">Detalle</th>
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
                    {r.posible_duplicado && <span className="review-badge review-badge-warn">Posible duplicado</span>}
                  </th>
                  <td>{PURPOSE_LABELS[r.proposito]}</td>
                  <td>{formatMoney(r.monto)}</td>
                  <td>{r.metodo_de_pago}</td>
                  <td>{formatDateTime(r.fecha)}</td>
                  <td>
                    <span className={`review-state review-state-${r.estado}`}>{PAYMENT_STATE_LABELS[r.estado]}</span>
                  </td>
                  <td>{r.revisado ? 'Sí' : 'No'}</td>
                  <td>
                    <Button variant="secondary" onClick={() => setOpen(r.token)} aria-label={`Información Completa de ${r.nombre} ${r.apellido}`}>
                      Información Completa
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
