import { useState } from 'react';
import { CLINIC_TIME_ZONE, SERVICE_LABELS, messages, type PaymentPurpose, type PaymentState } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { Modal } from '../../../components/ui/modal.js';
import { ApiError } from '../../../lib/api-client.js';
import { useReceipt } from '../api/get-receipt.js';
import { useReceipts } from '../api/get-receipts.js';
import '../patient-area.css';

const dateTime = new Intl.DateTimeFormat('es-PA', { timeZone: CLINIC_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });
const formatDate = (iso: string) => dateTime.format(new Date(iso));
const money = (n: number) => `USD ${n.toFixed(2)}`;

const PURPOSES: Record<PaymentPurpose, string> = {
  consulta: 'Consulta virtual',
  cita: 'Cita presencial',
  hora_extra: 'Hora adicional de chat',
};
const STATES: Record<PaymentState, string> = { pendiente: 'En revisión', aprobado: 'Aprobado', rechazado: 'Rechazado' };

/** /Recibo_pagos: the patient's payment receipts and the detail modal by token (their own files only). */
export function ReciboPagosPage() {
  const receipts = useReceipts();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="patient-page">
      <h1>Mis recibos de pago</h1>
      {receipts.isPending ? (
        <p>{messages.loading}</p>
      ) : receipts.isError ? (
        <p role="alert" className="patient-error">
          {messages.loadFailed}
        </p>
      ) : receipts.data.length === 0 ? (
        <p>{messages.noData}</p>
      ) : (
        <ul className="patient-list">
          {receipts.data.map((r) => (
            <li key={r.id} className="patient-row">
              <div>
                <p className="patient-row-title">
                  {PURPOSES[r.proposito]} · {SERVICE_LABELS[r.servicio]}
                </p>
                <p className="patient-row-meta">
                  {formatDate(r.fecha)} · {money(r.monto)} · {r.metodo_de_pago} ·{' '}
                  <span className={`patient-state patient-state-${r.estado}`}>{STATES[r.estado]}</span>
                </p>
              </div>
              <Button variant="secondary" onClick={() => setOpen(r.token)} aria-label={`Ver detalle del recibo del ${formatDate(r.fecha)}`}>
                Ver detalle
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open !== null && <ReceiptModal token={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function ReceiptModal({ token, onClose }: { token: string; onClose: () => void }) {
  const receipt = useReceipt(token);
  return (
    <Modal title="Detalle del recibo" size="md" onClose={onClose}>
      {token === '' ? (
        <p role="alert">{messages.detailTokenMissing}</p>
      ) : receipt.isPending ? (
        <p>{messages.loading}</p>
      ) : receipt.isError ? (
        <p role="alert" className="patient-error">
          {receipt.error instanceof ApiError && receipt.error.status === 404 ? messages.noData : messages.detailLoadFailed}
        </p>
      ) : (
        <dl className="patient-details">
          {(
            [
              ['Nombre', `${receipt.data.nombre} ${receipt.data.apellido}`],
              ['Cédula', receipt.data.cedula],
              ['Celular', receipt.data.celular],
              ['Concepto', `${PURPOSES[receipt.data.proposito]} · ${SERVICE_LABELS[receipt.data.servicio]}`],
              ['Monto', money(receipt.data.monto)],
              ['Método de pago', receipt.data.metodo_de_pago],
              ['Acuerdo', receipt.data.acuerdo ? 'Aceptado' : 'No aceptado'],
              ['Fecha', formatDate(receipt.data.fecha)],
              ['Estado', STATES[receipt.data.estado]],
              ['Revisado', receipt.data.revisado ? 'Sí' : 'No'],
              ['Token', receipt.data.token],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {receipt.data.estado === 'rechazado' && (
            <div className="patient-rejected">
              <dt>Motivo del rechazo</dt>
              <dd role="alert">{receipt.data.motivo_rechazo}</dd>
            </div>
          )}
          <div>
            <dt>Comprobante</dt>
            <dd>
              {receipt.data.Link_Comprobante ? (
                <a href={receipt.data.Link_Comprobante} target="_blank" rel="noopener">
                  Ver comprobante ({receipt.data.Nombre_Comprobante})
                </a>
              ) : (
                messages.unavailable
              )}
            </dd>
          </div>
          <div>
            <dt>Factura fiscal</dt>
            <dd>
              {receipt.data.Link_Factura ? (
                <a href={receipt.data.Link_Factura} target="_blank" rel="noopener">
                  Ver factura fiscal ({receipt.data.archivo_nombre})
                </a>
              ) : (
                messages.unavailable
              )}
            </dd>
          </div>
        </dl>
      )}
    </Modal>
  );
}
