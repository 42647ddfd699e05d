import { useState, type ComponentType } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from '../../../lib/router.js';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  HISTORY_SECTIONS,
  consultationRequestSchema,
  type ConsultationRequest,
  type ConsultationRequestInput,
  type HistorySection,
  type Service,
} from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { ApiError } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { ACTIVE_CONSULTATIONS_KEY, chatPath, useActiveConsultations } from '../api/get-active-consultations.js';
import { useCapturePaypalOrder } from '../api/capture-paypal-order.js';
import { useConsultationSession } from '../api/get-consultation-session.js';
import { useCreatePaypalOrder } from '../api/create-paypal-order.js';
import { useSendReceipt } from '../api/send-receipt.js';
import { ConsentAgreement } from './consent-agreement.js';
import { ConsultationForm } from './consultation-form.js';
import { ConsultationInfo } from './consultation-info.js';
import { ConsultationsInProgress } from './consultations-in-progress.js';
import { WaitingForChat } from './waiting-for-chat.js';
import '../consultations.css';

/** What the page needs from the payment area (the app gives it the payments feature's). */
export interface ConsultationPaymentAreaProps {
  servicio: Service;
  title?: string;
  createPaypalOrder: (input: { metodo_de_pago: 'Paypal o Tarjeta'; monto: number }) => Promise<string>;
  capturePaypalOrder: (input: { orderID: string; payerID?: string }) => Promise<void>;
  sendReceipt: (input: { metodo_de_pago: 'Transferencia' | 'Yappy'; monto: number; file: File }) => Promise<void>;
}

const EMPTY: ConsultationRequestInput = {
  servicio: '',
  doctor_id: '',
  sintomas: '',
  antecedentesFamiliares: '',
  antecedentesPersonales: '',
  antecedentesQuirurgicos: '',
  alergias: '',
  otrosDatos: '',
};
const NONE_NA = Object.fromEntries(HISTORY_SECTIONS.map((s) => [s, false])) as Record<HistorySection, boolean>;

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
  const [notApplicable, setNotApplicableState] = useState(NONE_NA);
  const session = useConsultationSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createOrder = useCreatePaypalOrder();
  const capture = useCapturePaypalOrder();
  const sendReceipt = useSendReceipt();

  const form = useForm<ConsultationRequestInput, unknown, ConsultationRequest>({
    resolver: zodResolver(consultationRequestSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control }) as ConsultationRequestInput;
  const valid = consultationRequestSchema.safeParse(values);

  const resetAll = () => {
    form.reset(EMPTY);
    setNotApplicableState(NONE_NA);
  };
  /**
   * The server failed while recording the consultation with its payment (5xx): the payment area
   * shows the specification's 'No se pudo completar la consulta.' instead of a generic error.
   */
  const incomplete = (error: unknown): never => {
    if (error instanceof ApiError && error.status >= 500) throw new ApiError(messages.consultationIncomplete, error.status);
    throw error;
  };
  /** The form as the server takes it (validated by the same schema). */
  const request = () => consultationRequestSchema.parse(form.getValues());

  const payment: Omit<ConsultationPaymentAreaProps, 'servicio'> = {
    createPaypalOrder: async ({ metodo_de_pago, monto }) => {
      const { servicio, doctor_id } = request();
      return createOrder.mutateAsync({ servicio, doctor_id, metodo_de_pago, monto });
    },
    capturePaypalOrder: async ({ orderID, payerID }) => {
      const result = await capture.mutateAsync({ ...request(), orderID, payerID }).catch(incomplete);
      resetAll();
      setStage('consent');
      void queryClient.invalidateQueries({ queryKey: ACTIVE_CONSULTATIONS_KEY });
      void navigate(chatPath(result.token));
      void showAlert(messages.allSent);
    },
    sendReceipt: async ({ metodo_de_pago, monto, file }) => {
      const result = await sendReceipt.mutateAsync({ fields: { ...request(), metodo_de_pago, monto }, file }).catch(incomplete);
      void queryClient.invalidateQueries({ queryKey: ACTIVE_CONSULTATIONS_KEY });
      resetAll();
      setWaitingToken(result.token);
      setStage('waiting');
      void showAlert(messages.receiptSent);
    },
  };

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
        <>
          <ConsultationForm
            form={form}
            notApplicable={notApplicable}
            setNotApplicable={(section, value) => setNotApplicableState((prev) => ({ ...prev, [section]: value }))}
          />
          {valid.success && session.data?.abierto !== false && (
            <PaymentArea servicio={valid.data.servicio} title={t('page.paymentTitle')} {...payment} />
          )}
        </>
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
