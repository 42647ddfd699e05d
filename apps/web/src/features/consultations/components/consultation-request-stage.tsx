import { useState, type ComponentType } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  HISTORY_SECTIONS,
  consultationRequestSchema,
  type ConsultationRequest,
  type ConsultationRequestInput,
  type HistorySection,
} from '@clinica/shared';
import { ApiError } from '../../../lib/api-client.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useCapturePaypalOrder } from '../api/capture-paypal-order.js';
import { useCreatePaypalOrder } from '../api/create-paypal-order.js';
import { useSendReceipt } from '../api/send-receipt.js';
import { useCreateYappyOrder } from '../api/create-yappy-order.js';
import { ConsultationForm } from './consultation-form.js';
import type { ConsultationPaymentAreaProps } from './virtual-consultation-page.js';

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
 * Step 3 and 4 of /consultas-virtuales: the data form and, once every section passes, the payment.
 * A module of its own, loaded when the consent is accepted (the page asks for it once it is idle):
 * react-hook-form, the form's resolver and the payment calls are not part of the consent step's first
 * load (decision 0046, session 10). Shown fresh each time the patient reaches the form, as the page
 * reset it before.
 */
export function ConsultationRequestStage({
  PaymentArea,
  open,
  onPaidOnline,
  onReceiptSent,
}: {
  PaymentArea: ComponentType<ConsultationPaymentAreaProps>;
  /** False when the server says requests are not accepted now (8:00-22:00 Panama): no payment. */
  open: boolean;
  /** PayPal captured, or Yappy's payment confirmed to the server: the consultation's chat token. */
  onPaidOnline: (token: string) => void;
  /** A transfer or Yappy receipt was sent: the consultation's token, waiting for the clinic. */
  onReceiptSent: (token: string) => void;
}) {
  const { t } = useTranslation('consultations');
  const messages = useMessages();
  const [notApplicable, setNotApplicableState] = useState(NONE_NA);
  const createOrder = useCreatePaypalOrder();
  const capture = useCapturePaypalOrder();
  const sendReceipt = useSendReceipt();
  const createYappyOrder = useCreateYappyOrder();

  const form = useForm<ConsultationRequestInput, unknown, ConsultationRequest>({
    resolver: zodResolver(consultationRequestSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control }) as ConsultationRequestInput;
  const valid = consultationRequestSchema.safeParse(values);

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
      onPaidOnline(result.token);
    },
    sendReceipt: async ({ metodo_de_pago, monto, file }) => {
      const result = await sendReceipt.mutateAsync({ fields: { ...request(), metodo_de_pago, monto }, file }).catch(incomplete);
      onReceiptSent(result.token);
    },
    createYappyOrder: () => createYappyOrder.mutateAsync(request()).catch(incomplete),
    // The order named its consultation when it was created; paid, its chat is open (decision 0058).
    onYappyPaid: (order) => {
      if (order.consulta) onPaidOnline(order.consulta);
    },
  };

  return (
    <>
      <ConsultationForm
        form={form}
        notApplicable={notApplicable}
        setNotApplicable={(section, value) => setNotApplicableState((prev) => ({ ...prev, [section]: value }))}
      />
      {valid.success && open && <PaymentArea servicio={valid.data.servicio} title={t('page.paymentTitle')} {...payment} />}
    </>
  );
}
