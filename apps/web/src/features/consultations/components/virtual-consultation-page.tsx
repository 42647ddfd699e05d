import { useState, type ComponentType } from 'react';
import { useNavigate } from '../../../lib/router.js';
import { useQueryClient } from '@tanstack/react-query';
import type { Service, YappyOrderStarted, YappyOrderStateAnswer } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useLazyModule } from '../../../lib/lazy-validation.js';
import { ACTIVE_CONSULTATIONS_KEY, chatPath, useActiveConsultations } from '../api/get-active-consultations.js';
import { useConsultationSession } from '../api/get-consultation-session.js';
import { ConsentAgreement } from './consent-agreement.js';
import { ConsultationInfo } from './consultation-info.js';
import { ConsultationsInProgress } from './consultations-in-progress.js';
import { WaitingForChat } from './waiting-for-chat.js';
import '../consultations.css';

// The data form and the payment (react-hook-form, the form's resolver, the payment calls) load once
// the consent step has painted and the browser is idle (lib/lazy-validation.ts), not with it: the
// consent box is the page's first control and is usable sooner on a slow phone (decision 0046,
// session 10). Accepting the consent normally finds it loaded; until then 'Cargando datos...'.
const loadRequestStage = () => import('./consultation-request-stage.js');

/** What the page needs from the payment area (the app gives it the payments feature's). */
export interface ConsultationPaymentAreaProps {
  servicio: Service;
  title?: string;
  createPaypalOrder: (input: { metodo_de_pago: 'Paypal o Tarjeta'; monto: number }) => Promise<string>;
  capturePaypalOrder: (input: { orderID: string; payerID?: string }) => Promise<void>;
  sendReceipt: (input: { metodo_de_pago: 'Transferencia' | 'Yappy'; monto: number; file: File }) => Promise<void>;
  createYappyOrder: () => Promise<YappyOrderStarted>;
  onYappyPaid: (order: YappyOrderStateAnswer) => void | Promise<void>;
}

/**
 * /consultas-virtuales, in the specification's order: information, consent, the data form and,
 * once every section passes, the payment. PayPal opens the chat at once; a receipt waits for
 * the clinic's authorisation. A consultation already under way (waiting, or its chat open) is
 * shown first, after a reload or a new sign-in too; another request is the patient's deliberate
 * choice (decision 0032).
 */
export function VirtualConsultationPage({ PaymentArea }: { PaymentArea: ComponentType<ConsultationPaymentAreaProps> }) {
  const { t } = useTranslation('consultations');
  const messages = useMessages();
  const [stage, setStage] = useState<'consent' | 'form' | 'waiting'>('consent');
  const [waitingToken, setWaitingToken] = useState('');
  // The patient chose to request another consultation while one is under way.
  const [anotherChosen, setAnotherChosen] = useState(false);
  const active = useActiveConsultations();
  const session = useConsultationSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requestStage = useLazyModule(loadRequestStage);
  const RequestStage = requestStage.module?.ConsultationRequestStage;

  const inProgress = stage === 'consent' && !anotherChosen ? active.data : undefined;
  if (stage === 'consent' && !anotherChosen && active.isPending) {
    return (
      <div className="consult-page">
        <h1>{t('page.title')}</h1>
        <p role="status">{messages.loading}</p>
      </div>
    );
  }
  if (inProgress && inProgress.length > 0) {
    return (
      <div className="consult-page">
        <h1>{t('page.title')}</h1>
        <ConsultationsInProgress
          consultas={inProgress}
          receivedAt={active.dataUpdatedAt}
          onNewRequest={() => setAnotherChosen(true)}
          onDecided={() => void active.refetch()}
        />
      </div>
    );
  }

  return (
    <div className="consult-page">
      <h1>{t('page.title')}</h1>
      {stage !== 'waiting' && <ConsultationInfo />}
      {session.data && !session.data.abierto && (
        <p className="consult-closed" role="status">
          {session.data.mensaje === null ? null : translateMessage(session.data.mensaje)}
        </p>
      )}
      {stage === 'consent' && <ConsentAgreement onAccepted={() => setStage('form')} />}
      {stage === 'form' && (
        RequestStage ? (
          <RequestStage
            PaymentArea={PaymentArea}
            open={session.data?.abierto !== false}
            onPaidOnline={(token) => {
              setStage('consent');
              void queryClient.invalidateQueries({ queryKey: ACTIVE_CONSULTATIONS_KEY });
              void navigate(chatPath(token));
              void showAlert(messages.allSent);
            }}
            onReceiptSent={(token) => {
              void queryClient.invalidateQueries({ queryKey: ACTIVE_CONSULTATIONS_KEY });
              setWaitingToken(token);
              setStage('waiting');
              void showAlert(messages.receiptSent);
            }}
          />
        ) : requestStage.failed ? (
          <p role="alert">{messages.requestFailed}</p>
        ) : (
          <p role="status">{messages.loading}</p>
        )
      )}
      {stage === 'waiting' && (
        <WaitingForChat
          token={waitingToken}
          onNewRequest={() => {
            setWaitingToken('');
            setStage('consent');
            setAnotherChosen(false);
            void active.refetch();
          }}
        />
      )}
    </div>
  );
}
