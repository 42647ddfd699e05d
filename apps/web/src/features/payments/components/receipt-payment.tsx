import { useRef, useState, type FormEvent } from 'react';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { rich } from '../../../components/ui/rich-text.js';
import { ApiError } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { usePaymentsConfig } from '../api/get-payments-config.js';
import { useChosenFile } from '../hooks/use-chosen-file.js';
import type { PaymentCallbacks } from '../payment-callbacks.js';

const ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf';

interface ReceiptPaymentProps {
  metodo: 'Transferencia' | 'Yappy';
  precio: number;
  sendReceipt: PaymentCallbacks['sendReceipt'];
  checkBeforePaying?: PaymentCallbacks['checkBeforePaying'];
}

/**
 * Bank transfer or Yappy (Panama only): where to pay, the request to write nothing in the
 * payment description, and the receipt file (required; previewed 200 px wide, removable).
 */
export function ReceiptPayment({ metodo, precio, sendReceipt, checkBeforePaying }: ReceiptPaymentProps) {
  const { t } = useTranslation('payments');
  const messages = useMessages();
  const config = usePaymentsConfig();
  const { file, preview, choose } = useChosenFile();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const remove = () => {
    choose(null);
    if (input.current) input.current.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkBeforePaying?.('receipt');
    if (problem) {
      void showAlert(translateMessage(problem));
      return;
    }
    if (!file) {
      void showAlert(messages.missingFieldsWithReceipt);
      return;
    }
    setBusy(true);
    try {
      await sendReceipt({ metodo_de_pago: metodo, monto: precio, file });
      remove();
    } catch (error) {
      if (error instanceof ApiError && error.fromServer) {
        // The original's Yappy call appended the server's message to the session-update failure.
        void showAlert(metodo === 'Yappy' ? `${messages.sessionUpdateFailed} ${translateMessage(error.message)}` : `${messages.requestRejectedPrefix}${translateMessage(error.message)}`);
      } else {
        void showAlert(messages.requestFailed);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="receipt-payment" onSubmit={(e) => void submit(e)} aria-label={metodo === 'Yappy' ? t('receipt.formYappy') : t('receipt.formTransfer')}>
      {config.isPending ? (
        <p className="payments-note">{messages.loading}</p>
      ) : config.isError ? (
        <p className="payments-error" role="alert">
          {messages.loadFailed}
        </p>
      ) : metodo === 'Transferencia' ? (
        <div className="payments-destination">
          <p>{t('receipt.transferIntro')}</p>
          <ul className="payments-accounts">
            {config.data.cuentas_bancarias.map((c) => (
              <li key={`${c.banco}-${c.numero}`}>
                <strong>{c.banco}</strong> · {t('receipt.account', { type: c.tipo.toLowerCase() })} <span className="payments-number">{c.numero}</span> · {t('receipt.holder', { name: c.titular })}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="payments-destination">
          <p>
            {rich(t('receipt.yappyIntro', { number: config.data.yappy }), {
              strong: (c) => <strong className="payments-number">{c}</strong>,
            })}
          </p>
        </div>
      )}
      <p className="payments-amount">
        {t('receipt.amount')} <strong>USD {precio.toFixed(2)}</strong>
      </p>
      <p className="payments-warning" role="note">
        {messages.transferNoDescription}
      </p>

      <Field label={t('receipt.fileLabel')} required hint={t('receipt.fileHint')}>
        {(control) => (
          <input
            {...control}
            ref={input}
            type="file"
            accept={ACCEPT}
            onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
          />
        )}
      </Field>

      {file && (
        <div className="receipt-preview">
          {file.type.startsWith('image/') && preview ? (
            <img src={preview} width={200} alt={t('receipt.previewAlt')} className="receipt-preview-image" />
          ) : (
            <p className="receipt-preview-file" style={{ width: 200 }}>
              {file.name}
            </p>
          )}
          <Button variant="secondary" onClick={remove}>
            {t('receipt.remove')}
          </Button>
        </div>
      )}

      <Button type="submit" disabled={!file} busy={busy}>
        {t('receipt.send')}
      </Button>
    </form>
  );
}
