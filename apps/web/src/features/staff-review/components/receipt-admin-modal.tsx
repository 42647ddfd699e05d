import { PatientPhone } from '../../../components/ui/whatsapp-link.js';
import { useRef, useState, type FormEvent } from 'react';
import type { AdminReceiptDetail } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { DetailState } from '../../../components/ui/detail-state.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages } from '../../../lib/i18n.js';
import { useApproveReceipt } from '../api/approve-receipt.js';
import { useAdminReceipt } from '../api/get-admin-receipt.js';
import { useRejectReceipt } from '../api/reject-receipt.js';
import { useUpdateReceipt } from '../api/update-receipt.js';
import { Details } from '../../../components/ui/details.js';
import { Reference } from '../../../components/ui/reference.js';
import { formatMoney, useReviewFormat } from './format.js';
import { ImageLink } from './image-link.js';
import { RefundSection } from './refund-section.js';

/** The receipt's modal: its data and file, the revisado toggle, the fiscal PDF, rejecting with a reason. */
export function ReceiptAdminModal({ token: first, onClose }: { token: string; onClose: () => void }) {
  const { t } = useReviewFormat();
  const messages = useMessages();
  // The duplicate warning opens the other receipt in this same modal.
  const [token, setToken] = useState(first);
  const detail = useAdminReceipt(token);
  return (
    <Modal title={t('receiptModal.title')} size="lg" onClose={onClose}>
      <DetailState token={token} query={detail} notFound={messages.noData} errorClassName="review-error">
        {(r) => <ReceiptDetail key={token} r={r} onOpen={setToken} />}
      </DetailState>
    </Modal>
  );
}

function ReceiptDetail({ r, onOpen }: { r: AdminReceiptDetail; onOpen: (token: string) => void }) {
  const { t, formatDateTime, serviceLabel, paymentStateLabel, refundStateLabel, purposeLabel, eventLabel, methodLabel, yesNo } = useReviewFormat();
  const messages = useMessages();
  return (
    <div className="review-modal">
      {r.posible_duplicado && (
        <div className="review-warning" role="note">
          <p>{messages.possibleDuplicateReceipt}</p>
          <p>{t('receiptModal.otherPayments')}</p>
          <ul className="review-duplicates">
            {r.duplicados.map((d) => (
              <li key={d.token}>
                <button type="button" onClick={() => onOpen(d.token)}>
                  <Reference kind="payment" numero={d.numero} /> · {d.nombre} {d.apellido}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Details
        items={[
          [t('consultationModal.firstName'), r.nombre],
          [t('consultationModal.lastName'), r.apellido],
          [t('consultationModal.idNumber'), r.cedula],
          [t('consultationModal.mobile'), <PatientPhone key="phone" phone={r.celular} />],
          [t('consultationModal.email'), r.correo],
          [t('receiptModal.concept'), `${purposeLabel(r.proposito)} · ${serviceLabel(r.servicio)}`],
          [t('consultationModal.amount'), formatMoney(r.monto)],
          [t('consultationModal.paymentMethod'), methodLabel(r.metodo_de_pago)],
          [t('receiptModal.agreement'), yesNo(r.acuerdo)],
          [t('receiptModal.date'), formatDateTime(r.fecha)],
          [t('receiptModal.state'), r.reembolso ? `${paymentStateLabel(r.estado)} · ${refundStateLabel(r.reembolso.estado)}` : paymentStateLabel(r.estado)],
          [t('consultationModal.rejectionReason'), r.estado === 'rechazado' ? r.motivo_rechazo : null],
          [t('consultationModal.reference'), <Reference key="n" kind="payment" numero={r.numero} />],
          [
            t('consultationModal.receipt'),
            r.Link_Comprobante ? <ImageLink key="c" url={r.Link_Comprobante} nombre={r.Nombre_Comprobante ?? t('file.receipt')} /> : messages.receiptUnavailable,
          ],
          [
            t('receiptModal.invoice'),
            r.Link_Factura ? (
              <a key="f" href={r.Link_Factura} target="_blank" rel="noopener">
                {t('receiptModal.viewInvoice', { name: r.archivo_nombre })}
              </a>
            ) : null,
          ],
        ]}
      />
      <RefundSection r={r} />
      <ReceiptUpdateForm r={r} />
      {r.aprobable && <ApproveButton id={r.id} />}
      {r.estado === 'pendiente' && r.metodo_de_pago !== 'Paypal o Tarjeta' && r.reembolso?.estado !== 'reembolsado' && <RejectForm id={r.id} />}
      <section aria-labelledby="rd-history">
        <h3 id="rd-history">{t('receiptModal.history')}</h3>
        <ol className="review-history">
          {r.historial.map((h, i) => (
            <li key={i}>
              {formatDateTime(h.fecha)} · {eventLabel(h.evento)}
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
  const { t } = useReviewFormat();
  const messages = useMessages();
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
      void showAlert(translateMessage(result.message));
    } catch (error) {
      void showAlert(messageOf(error, messages.receiptUpdateConnectionError));
    }
  };

  return (
    <form className="review-form" onSubmit={(e) => void submit(e)} aria-labelledby="rd-update">
      <h3 id="rd-update">{t('receiptModal.updateTitle')}</h3>
      <label className="review-check">
        <input type="checkbox" checked={revisado} onChange={(e) => setRevisado(e.currentTarget.checked)} />
        {t('receiptModal.reviewed')}
      </label>
      <Field label={t('receiptModal.invoiceFile')} hint={r.archivo_nombre ? t('receiptModal.currentInvoice', { name: r.archivo_nombre }) : undefined}>
        {(p) => <input {...p} ref={input} type="file" accept="application/pdf,.pdf" onChange={(e) => setArchivo(e.currentTarget.files?.[0] ?? null)} />}
      </Field>
      <Button type="submit" busy={update.isPending}>
        {t('receiptModal.save')}
      </Button>
    </form>
  );
}

function ApproveButton({ id }: { id: string }) {
  const { t } = useReviewFormat();
  const messages = useMessages();
  const approve = useApproveReceipt();
  return (
    <Button
      busy={approve.isPending}
      onClick={() =>
        void approve.mutateAsync({ id }).then(
          (result) => showAlert(translateMessage(result.message)),
          (error: unknown) => showAlert(messageOf(error, messages.receiptUpdateConnectionError)),
        )
      }
    >
      {t('receiptModal.approve')}
    </Button>
  );
}

/** Rejects the receipt with the reason the patient sees on their receipt and waiting page. */
function RejectForm({ id }: { id: string }) {
  const { t } = useReviewFormat();
  const messages = useMessages();
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
      void showAlert(translateMessage(result.message));
    } catch (error) {
      void showAlert(messageOf(error, messages.receiptUpdateConnectionError));
    }
  };
  return (
    <form className="review-form review-reject" onSubmit={(e) => void submit(e)} aria-labelledby="rd-reject">
      <h3 id="rd-reject">{t('receiptModal.rejectTitle')}</h3>
      <Field label={t('receiptModal.rejectReason')} hint={t('receiptModal.rejectHint')}>
        {(p) => <textarea {...p} rows={2} maxLength={500} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} />}
      </Field>
      <Button type="submit" variant="danger" busy={reject.isPending}>
        {t('receiptModal.reject')}
      </Button>
    </form>
  );
}
