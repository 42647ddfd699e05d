import { useRef, useState, type FormEvent } from 'react';
import { messages, type AdminReceiptDetail } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { useApproveReceipt } from '../api/approve-receipt.js';
import { useAdminReceipt } from '../api/get-admin-receipt.js';
import { useRejectReceipt } from '../api/reject-receipt.js';
import { useUpdateReceipt } from '../api/update-receipt.js';
import { DetailList } from './detail-list.js';
import { EVENT_LABELS, PAYMENT_STATE_LABELS, PURPOSE_LABELS, formatDateTime, formatMoney, serviceLabel } from './format.js';
import { ImageLink } from './image-link.js';

/** The receipt's modal: its data and file, the revisado toggle, the fiscal PDF, rejecting with a reason. */
export function ReceiptAdminModal({ token, onClose }: { token: string; onClose: () => void }) {
  const detail = useAdminReceipt(token);
  return (
    <Modal title="Información Completa del recibo" size="lg" onClose={onClose}>
      {token === '' ? (
        <p role="alert">{messages.detailTokenMissing}</p>
      ) : detail.isPending ? (
        <p>{messages.loading}</p>
      ) : detail.isError ? (
        <p role="alert" className="review-error">
          {detail.error instanceof ApiError && detail.error.status === 404 ? messages.noData : messages.detailLoadFailed}
        </p>
      ) : (
        <ReceiptDetail r={detail.data} />
      )}
    </Modal>
  );
}

function ReceiptDetail({ r }: { r: AdminReceiptDetail }) {
  return (
    <div className="review-modal">
      {r.posible_duplicado && (
        <div className="review-warning" role="note">
          <p>{messages.possibleDuplicateReceipt}</p>
          <p>
            Otros pagos con el mismo archivo:{' '}
            {r.duplicados.map((t) => (
              <code key={t} className="review-token">
                {t}
              </code>
            ))}
          </p>
        </div>
      )}
      <DetailList
        items={[
          ['Nombre', r.nombre],
          ['Apellido', r.apellido],
          ['Cédula', r.cedula],
          ['Celular', r.celular],
          ['Correo', r.correo],
          ['Concepto', `${PURPOSE_LABELS[r.proposito]} · ${serviceLabel(r.servicio)}`],
          ['Monto', formatMoney(r.monto)],
          ['Método de pago', r.metodo_de_pago],
          ['Acuerdo', r.acuerdo ? 'Sí' : 'No'],
          ['Fecha', formatDateTime(r.fecha)],
          ['Estado', PAYMENT_STATE_LABELS[r.estado]],
          ['Motivo del rechazo', r.estado === 'rechazado' ? r.motivo_rechazo : null],
          ['Token', <code key="t">{r.token}</code>],
          [
            'Comprobante',
            r.Link_Comprobante ? <ImageLink key="c" url={r.Link_Comprobante} nombre={r.Nombre_Comprobante ?? 'Comprobante'} /> : messages.receiptUnavailable,
          ],
          [
            'Factura fiscal',
            r.Link_Factura ? (
              <a key="f" href={r.Link_Factura} target="_blank" rel="noopener">
                Ver factura fiscal ({r.archivo_nombre})
              </a>
            ) : null,
          ],
        ]}
      />
      <ReceiptUpdateForm r={r} />
      {r.aprobable && <ApproveButton id={r.id} />}
      {r.estado === 'pendiente' && r.metodo_de_pago !== 'Paypal o Tarjeta' && <RejectForm id={r.id} />}
      <section aria-labelledby="rd-history">
        <h3 id="rd-history">Historial</h3>
        <ol className="review-history">
          {r.historial.map((h, i) => (
            <li key={i}>
              {formatDateTime(h.fecha)} · {EVENT_LABELS[h.evento] ?? h.evento}
              {h.por ? ` · ${h.por}` : ''}
              {h.detalle ? ` · ${h.detalle}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** actualizar_pagos: revisado and an optional fiscal receipt (PDF only). */
function ReceiptUpdateForm({ r }: { r: AdminReceiptDetail }) {
  const [revisado, setRevisado] = useState(r.revisado);
  const [archivo, setArchivo] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateReceipt();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (archivo && archivo.type !== 'application/pdf') {
      void showAlert(messages.onlyPdf);
      return;
    }
    try {
      const result = await update.mutateAsync({ id: r.id, revisado, archivo });
      setArchivo(null);
      if (input.current) input.current.value = '';
      void showAlert(result.message);
    } catch (error) {
      void showAlert(messageOf(error, messages.receiptUpdateConnectionError));
    }
  };

  return (
    <form className="review-form" onSubmit={(e) => void submit(e)} aria-labelledby="rd-update">
      <h3 id="rd-update">Revisión y factura fiscal</h3>
      <label className="review-check">
        <input type="checkbox" checked={revisado} onChange={(e) => setRevisado(e.currentTarget.checked)} />
        Revisado
      </label>
      <Field label="Factura fiscal (solo PDF)" hint={r.archivo_nombre ? `Actual: ${r.archivo_nombre}. Una nueva la reemplaza.` : undefined}>
        {(p) => <input {...p} ref={input} type="file" accept="application/pdf,.pdf" onChange={(e) => setArchivo(e.currentTarget.files?.[0] ?? null)} />}
      </Field>
      <Button type="submit" busy={update.isPending}>
        Guardar
      </Button>
    </form>
  );
}

function ApproveButton({ id }: { id: string }) {
  const approve = useApproveReceipt();
  return (
    <Button
      busy={approve.isPending}
      onClick={() =>
        void approve.mutateAsync({ id }).then(
          (result) => showAlert(result.message),
          (error: unknown) => showAlert(messageOf(error, messages.receiptUpdateConnectionError)),
        )
      }
    >
      Aprobar pago
    </Button>
  );
}

/** Rejects the receipt with the reason the patient sees on their receipt and waiting page. */
function RejectForm({ id }: { id: string }) {
  const [motivo, setMotivo] = useState('');
  const reject = useRejectReceipt();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (motivo.trim() === '') {
      void showAlert(messages.rejectReasonRequired);
      return;
    }
    try {
      const result = await reject.mutateAsync({ id, motivo: motivo.trim() });
      void showAlert(result.message);
    } catch (error) {
      void showAlert(messageOf(error, messages.receiptUpdateConnectionError));
    }
  };
  return (
    <form className="review-form review-reject" onSubmit={(e) => void submit(e)} aria-labelledby="rd-reject">
      <h3 id="rd-reject">Rechazar comprobante</h3>
      <Field label="Motivo del rechazo" hint="El paciente verá este motivo.">
        {(p) => <textarea {...p} rows={2} maxLength={500} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} />}
      </Field>
      <Button type="submit" variant="danger" busy={reject.isPending}>
        Rechazar comprobante
      </Button>
    </form>
  );
}
