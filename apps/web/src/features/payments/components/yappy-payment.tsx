import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { YappyOrderStateAnswer } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { ApiError } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { usePaymentsConfig } from '../api/get-payments-config.js';
import { getYappyOrderQueryOptions, useYappyOrder } from '../api/get-yappy-order.js';
import type { PaymentCallbacks } from '../payment-callbacks.js';
import { YAPPY_ELEMENT, loadYappyButton, type YappyButtonElement } from '../yappy-button-script.js';

interface YappyPaymentProps {
  precio: number;
  createYappyOrder: PaymentCallbacks['createYappyOrder'];
  onYappyPaid: PaymentCallbacks['onYappyPaid'];
  checkBeforePaying?: PaymentCallbacks['checkBeforePaying'];
  /** The receipt upload, kept for a patient who paid from Yappy's app without the button. */
  fallback: ReactNode;
}

type Script = 'loading' | 'ready' | 'failed';

/**
 * Yappy's payment button (decision 0058). The page's order is created by the server for the server's
 * amount when the patient presses Yappy's button, and handed to Yappy's component (eventPayment);
 * the patient approves it in Yappy's app; Yappy tells the server (its IPN), never the page. So the
 * page only waits: it asks the server for the order's state every 5 s (at once when the component
 * says it is done) and goes on the moment the server has it paid. A rejected, cancelled or expired
 * order leaves nothing paid; the patient may try again or choose another method.
 */
export function YappyPayment({ precio, createYappyOrder, onYappyPaid, checkBeforePaying, fallback }: YappyPaymentProps) {
  const { t } = useTranslation('payments');
  const messages = useMessages();
  const config = usePaymentsConfig();
  const queryClient = useQueryClient();
  const host = useRef<HTMLDivElement>(null);
  const [script, setScript] = useState<Script>('loading');
  const [attempt, setAttempt] = useState(0);
  const [orden, setOrden] = useState<string | null>(null);
  const order = useYappyOrder(orden);
  const statusId = useId();
  const button = config.data?.yappy_boton ?? null;
  const scriptUrl = button?.cdn_url;

  // The latest callbacks for the element's listeners, which are attached once.
  const latest = useRef({ createYappyOrder, checkBeforePaying, messages });
  useEffect(() => {
    latest.current = { createYappyOrder, checkBeforePaying, messages };
  });

  // Yappy's script, loaded when this method is shown (and again on 'try again' after a failure).
  useEffect(() => {
    if (!scriptUrl) return;
    let live = true;
    loadYappyButton(scriptUrl).then(
      () => live && setScript('ready'),
      () => live && setScript('failed'),
    );
    return () => {
      live = false;
    };
  }, [scriptUrl, attempt]);

  // The element itself, created once the script defined it; its events are Yappy's.
  useEffect(() => {
    const box = host.current;
    if (script !== 'ready' || !box) return;
    const element = document.createElement(YAPPY_ELEMENT) as YappyButtonElement;
    element.setAttribute('theme', 'blue');
    element.setAttribute('rounded', 'true');
    const onClick = async () => {
      const problem = latest.current.checkBeforePaying?.('yappy');
      if (problem) {
        void showAlert(translateMessage(problem));
        return;
      }
      element.isButtonLoading = true;
      try {
        const created = await latest.current.createYappyOrder();
        setOrden(created.orden);
        element.eventPayment({ transactionId: created.transactionId, documentName: created.documentName, token: created.token });
      } catch (error) {
        void showAlert(
          error instanceof ApiError && error.fromServer
            ? `${latest.current.messages.requestRejectedPrefix}${translateMessage(error.message)}`
            : latest.current.messages.yappySetupFailed,
        );
      } finally {
        element.isButtonLoading = false;
      }
    };
    // Yappy's component says when the patient finished in the app (or it failed): ask the server now
    // instead of at the next 5-s tick. What counts is the server's answer, never this event.
    const askNow = () => void queryClient.invalidateQueries({ queryKey: ['payments', 'yappy'] });
    const click = () => void onClick();
    element.addEventListener('eventClick', click);
    element.addEventListener('eventSuccess', askNow);
    element.addEventListener('eventError', askNow);
    box.replaceChildren(element);
    return () => {
      element.removeEventListener('eventClick', click);
      element.removeEventListener('eventSuccess', askNow);
      element.removeEventListener('eventError', askNow);
      element.remove();
    };
  }, [script, queryClient]);

  // Paid: the page goes on once (its own next step: the chat, the confirmation, the hour added).
  const answer = order.data?.orden === orden ? order.data : undefined;
  const estado = answer?.estado;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!answer || answer.estado !== 'pagada' || handled.current === answer.orden) return;
    handled.current = answer.orden;
    void Promise.resolve(onYappyPaid(answer)).catch((error: unknown) => {
      void showAlert(error instanceof ApiError && error.fromServer ? translateMessage(error.message) : messages.paymentProcessingFailed);
    });
  }, [answer, onYappyPaid, messages]);

  const ended = estado !== undefined && estado !== 'pendiente' && estado !== 'pagada';
  const tryAgain = () => {
    if (orden) queryClient.removeQueries({ queryKey: getYappyOrderQueryOptions(orden).queryKey });
    setOrden(null);
  };

  if (config.isPending) return <p className="payments-note">{messages.loading}</p>;

  return (
    <div className="yappy-payment">
      {config.isError || !button ? (
        <p className="payments-error" role="alert">
          {messages.yappySetupFailed}
        </p>
      ) : (
        <>
          {button.demo && (
            <p className="payments-demo" role="note">
              {messages.yappyDemoMode}
            </p>
          )}
          <p className="payments-amount">
            {t('paypal.amount')} <strong>USD {precio.toFixed(2)}</strong>
          </p>
          <p>{messages.yappyButtonIntro}</p>
          {script === 'loading' && <p className="payments-note">{messages.yappyButtonLoading}</p>}
          {script === 'failed' && (
            <div className="yappy-problem">
              <p className="payments-error" role="alert">
                {messages.yappyButtonLoadFailed}
              </p>
              <Button
                variant="secondary"
                onClick={() => {
                  setScript('loading');
                  setAttempt((n) => n + 1);
                }}
              >
                {messages.yappyTryAgain}
              </Button>
            </div>
          )}
          {/* Yappy's element lives here; hidden while an order waits, so a second tap makes no second order. */}
          <div ref={host} className="yappy-button-host" hidden={script !== 'ready' || (orden !== null && !ended)} />
          {orden !== null && (
            <YappyOrderState answer={answer} failed={order.isError} statusId={statusId} onTryAgain={tryAgain} />
          )}
        </>
      )}
      <section className="yappy-fallback" aria-labelledby={`${statusId}-fallback`}>
        <h3 id={`${statusId}-fallback`}>{messages.yappyFallbackTitle}</h3>
        {fallback}
      </section>
    </div>
  );
}

/**
 * Where the order stands, in the server's words (its catalogue message): waiting, with the
 * transfer's animation; paid; or ended without a delivery (rejected, cancelled, expired, or paid
 * after its time, which the clinic gives back), with the way to try again.
 */
function YappyOrderState({
  answer,
  failed,
  statusId,
  onTryAgain,
}: {
  answer: YappyOrderStateAnswer | undefined;
  failed: boolean;
  statusId: string;
  onTryAgain: () => void;
}) {
  const messages = useMessages();
  if (answer && answer.estado !== 'pendiente' && answer.estado !== 'pagada') {
    return (
      <div className="yappy-problem">
        <p className="payments-error" role="alert">
          {translateMessage(answer.message)} {messages.yappyTryOrChoose}
        </p>
        <Button variant="secondary" onClick={onTryAgain}>
          {messages.yappyTryAgain}
        </Button>
      </div>
    );
  }
  if (answer?.estado === 'pagada') {
    return (
      <p className="payments-note" role="status" id={statusId}>
        {translateMessage(answer.message)}
      </p>
    );
  }
  return (
    <div className="yappy-waiting" aria-busy="true">
      <div className="yappy-spinner" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <p role="status" id={statusId}>
        {answer ? translateMessage(answer.message) : messages.yappyStatePending}
      </p>
      {failed && <p className="payments-note">{messages.yappyStillAsking}</p>}
    </div>
  );
}
