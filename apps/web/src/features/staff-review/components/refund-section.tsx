import { useRef, useState, type FormEvent } from 'react';
import type { AdminReceiptDetail } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { Field } from '../../../components/ui/field.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages } from '../../../lib/i18n.js';
import { useRecordRefund } from '../api/record-refund.js';
import { useRefundPaypal } from '../api/refund-paypal.js';
import { formatMoney, useReviewFormat } from './format.js';

const RECEIPT_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp']);

/**
 * A payment owed back (issue 20): PayPal's is refunded through PayPal after a confirmation; a
 * transfer's or Yappy's, made by the clinic outside the site, is recorded with its reference and
 * an optional proof. A refunded payment shows when, how and the reference.
 */
export function RefundSection({ r }: { r: AdminReceiptDetail }) {
  const { t, formatDateTime } = useReviewFormat();
  const messages = useMessages();
  if (!r.reembolso) return null;
  const refund = r.reembolso;
  return (
    <section className="review-form review-refund" aria-labelledby="rd-refund">
      <h3 id="rd-refund">{t('refund.title')}</h3>
      <p>
        <strong>{refund.estado === 'reembolsado' ? messages.refundDone : messages.refundPending}</strong> · {t(`refund.reasons.${refund.motivo}`)} ·{' '}
        {t('refund.dueSince', { date: formatDateTime(refund.debido) })}
      </p>
      {refund.estado === 'reembolsado' ? (
        <p>
          {t('refund.doneOn', { date: refund.fecha ? formatDateTime(refund.fecha) : '—', reference: refund.referencia ?? '—' })}
          {r.Link_Reembolso && (
            <>
              {' · '}
              <a href={r.Link_Reembolso} target="_blank" rel="noopener">
                {t('refund.viewProof')}
              </a>
            </>
          )}
        </p>
      ) : r.metodo_de_pago === 'Paypal o Tarjeta' ? (
        <PaypalRefund r={r} />
      ) : (
        <ManualRefund r={r} />
      )}
    </section>
  );
}

function PaypalRefund({ r }: { r: AdminReceiptDetail }) {
  const { t } = useReviewFormat();
  const messages = useMessages();
  const [asking, setAsking] = useState(false);
  const refund = useRefundPaypal();
  const confirm = async () => {
    try {
      const result = await refund.mutateAsync({ id: r.id });
      void showAlert(translateMessage(result.message));
    } catch (error) {
      void showAlert(messageOf(error, messages.receiptUpdateConnectionError));
    } finally {
      setAsking(false);
    }
  };
  return (
    <>
      <Button busy={refund.isPending} onClick={() => setAsking(true)}>
        {t('refund.paypalButton', { amount: formatMoney(r.monto) })}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t('refund.paypalConfirmTitle')}
          text={t('refund.paypalConfirmText', { amount: formatMoney(r.monto), name: `${r.nombre} ${r.apellido}` })}
          confirmLabel={t('refund.paypalConfirm')}
          busy={refund.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}

function ManualRefund({ r }: { r: AdminReceiptDetail }) {
  const { t } = useReviewFormat();
  const messages = useMessages();
  const [referencia, setReferencia] = useState('');
  const [archivo, setArchivo] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const record = useRecordRefund();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (referencia.trim() === '') {
      void showAlert(messages.refundReferenceRequired);
      return;
    }
    if (archivo && !RECEIPT_TYPES.has(archivo.type)) {
      void showAlert(messages.invalidReceiptFile);
      return;
    }
    try {
      const result = await record.mutateAsync({ id: r.id, referencia: referencia.trim(), archivo });
      if (input.current) input.current.value = '';
      void showAlert(translateMessage(result.message));
    } catch (error) {
      void showAlert(messageOf(error, messages.receiptUpdateConnectionError));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t('refund.manualTitle')}>
      <p>{t('refund.manualHint', { amount: formatMoney(r.monto) })}</p>
      <Field label={t('refund.reference')}>
        {(p) => <input {...p} value={referencia} maxLength={100} onChange={(e) => setReferencia(e.currentTarget.value)} />}
      </Field>
      <Field label={t('refund.proofFile')}>
        {(p) => (
          <input {...p} ref={input} type="file" accept="image/png,image/jpeg,image/webp,application/pdf,.pdf" onChange={(e) => setArchivo(e.currentTarget.files?.[0] ?? null)} />
        )}
      </Field>
      <Button type="submit" busy={record.isPending}>
        {t('refund.record')}
      </Button>
    </form>
  );
}
