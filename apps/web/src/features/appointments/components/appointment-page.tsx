import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from '../../../lib/router.js';
import { SERVICES, type AppointmentRequest, type AppointmentRequestInput, type Service, type YappyOrderStarted, type YappyOrderStateAnswer } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Field } from '../../../components/ui/field.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { lazyResolver, useLazyModule } from '../../../lib/lazy-validation.js';
import { useCapturePaypalOrder } from '../api/capture-paypal-order.js';
import { useCreatePaypalOrder } from '../api/create-paypal-order.js';
import { useDoctors } from '../api/get-doctors.js';
import { useFreeHours } from '../api/get-free-hours.js';
import { usePrice } from '../api/get-price.js';
import { useBookingPolicy } from '../api/get-booking-policy.js';
import { useSendReceipt } from '../api/send-receipt.js';
import { useCreateYappyOrder } from '../api/create-yappy-order.js';
import { APPOINTMENTS_KEY } from '../api/keys.js';
import { SlotPicker } from './slot-picker.js';
import { BookedWhatsapp } from './booked-whatsapp.js';
import { useFullDates } from '../api/get-full-dates.js';
// The waitlist's pieces load only when shown (a full day chosen; an offer's link): /citas's first
// load stays what a phone can start fast (Lighthouse's 95, decision 0046).
const WaitlistJoin = lazy(() => import('./waitlist-join.js').then((m) => ({ default: m.WaitlistJoin })));
const WaitlistOfferBooking = lazy(() =>
  import('./waitlist-offer-booking.js').then((m) => ({ default: m.WaitlistOfferBooking })),
);
import { formatInstant, formatLongDate, formatMoney, formatSlot } from './format.js';
import '../appointments.css';

/** What the page needs from the payment area (the app gives it the payments feature's). */
export interface AppointmentPaymentAreaProps {
  servicio: Service;
  title?: string;
  createPaypalOrder: (input: { metodo_de_pago: 'Paypal o Tarjeta'; monto: number }) => Promise<string>;
  capturePaypalOrder: (input: { orderID: string; payerID?: string }) => Promise<void>;
  sendReceipt: (input: { metodo_de_pago: 'Transferencia' | 'Yappy'; monto: number; file: File }) => Promise<void>;
  checkBeforePaying?: (method: 'paypal' | 'receipt' | 'yappy') => string | null;
  createYappyOrder: () => Promise<YappyOrderStarted>;
  onYappyPaid: (order: YappyOrderStateAnswer) => void | Promise<void>;
}

const EMPTY: AppointmentRequestInput = { servicio: '', id_doctor: '', fecha: '', hora: '', mensaje: '' };

// zod and the shared schema load after the first paint (lib/lazy-validation.ts); one fetch for both uses.
const loadValidation = () => import('../booking-validation.js');
const resolver = lazyResolver(async () => (await loadValidation()).appointmentResolver);

/**
 * /citas, in the specification's order: the service (loads its doctors), the doctor (loads the
 * unavailable dates), the date (Spanish picker; past and unavailable days not selectable), the
 * hour (the server's free hours), the reason, then the payment method and its sub-form.
 */
/**
 * The sentence ends with the time, and Spanish times end with their own full stop ("9:00 a. m."):
 * one full stop, not "a. m.." (issue 23, item 8). Other languages' times end without one.
 */
const oneFullStop = (sentence: string) => sentence.replace(/\.\.$/, '.');

export function AppointmentPage({ PaymentArea }: { PaymentArea: ComponentType<AppointmentPaymentAreaProps> }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  // A waitlist offer's mail links here with its token (decision 0050): the offered hour, booked the normal way.
  const [search] = useSearchParams();
  const oferta = search.get('oferta');
  if (oferta) {
    return (
      <div className="appt-page">
        <h1>{t('booking.title')}</h1>
        <Suspense fallback={<p className="appt-note">{messages.loading}</p>}>
          <WaitlistOfferBooking token={oferta} PaymentArea={PaymentArea} />
        </Suspense>
      </div>
    );
  }
  return <BookingForm PaymentArea={PaymentArea} />;
}

function BookingForm({ PaymentArea }: { PaymentArea: ComponentType<AppointmentPaymentAreaProps> }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const [booked, setBooked] = useState<{
    fecha: string;
    hora: string;
    message: string;
    heldUntil: string | null;
    /** Paid by transfer or Yappy: the receipt went and waits for the clinic. */
    receipt: boolean;
  } | null>(null);
  // What is wrong with a typed date (past, too far, the doctor's day off, impossible): said instead of 'complete all fields'.
  const [dateIssue, setDateIssue] = useState<string | null>(null);
  const form = useForm<AppointmentRequestInput, unknown, AppointmentRequest>({
    resolver,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { register, control, setValue, formState } = form;
  const values = useWatch({ control }) as AppointmentRequestInput;
  const servicio = values.servicio as Service | '';
  const doctors = useDoctors(servicio);
  const hours = useFreeHours(values.id_doctor, values.fecha);
  const fullDates = useFullDates(values.id_doctor ?? '');
  const price = usePrice(servicio);
  const policy = useBookingPolicy();
  const createOrder = useCreatePaypalOrder();
  const capture = useCapturePaypalOrder();
  const sendReceipt = useSendReceipt();
  const createYappyOrder = useCreateYappyOrder();
  const queryClient = useQueryClient();
  // The request a Yappy order was made for: the confirmation names its day and hour, not the form's (reset meanwhile or not).
  const [yappyRequest, setYappyRequest] = useState<AppointmentRequest | null>(null);
  const validation = useLazyModule(loadValidation);

  // An hour taken meanwhile (the refusal refreshed the list) is no longer the chosen one.
  const hourGone = values.hora !== '' && hours.data !== undefined && !hours.data.includes(values.hora);
  useEffect(() => {
    if (hourGone) setValue('hora', '');
  }, [hourGone, setValue]);

  // The day and hour come from the request that was paid, never from the form after the answer:
  // the free hours reload when the booking settles, the booked hour is no longer free, and the
  // form clears it (issue 20: the success line then formatted an empty hour and the page went blank).
  const done = (message: string, paid: { fecha: string; hora: string }, heldUntil: string | null = null) => {
    form.reset(EMPTY);
    setBooked({ fecha: paid.fecha, hora: paid.hora, message, heldUntil, receipt: message === messages.receiptSent });
    void showAlert(message);
  };

  // The payment area is offered once the validation has loaded: paying checks the form with the shared schema.
  const schema = validation.module?.appointmentRequestSchema;
  /** The payment area's calls; each sends the form as the server takes it (parsed by the same schema). */
  const paymentFor = (requestSchema: NonNullable<typeof schema>): Omit<AppointmentPaymentAreaProps, 'servicio'> => {
    const request = () => requestSchema.parse(form.getValues());
    return {
      checkBeforePaying: (method) => {
        if (dateIssue) return translateMessage(dateIssue);
        if (requestSchema.safeParse(form.getValues()).success) return null;
        void form.trigger();
        return method === 'receipt' ? messages.missingFieldsWithReceipt : messages.missingFields;
      },
      createPaypalOrder: ({ metodo_de_pago, monto }) =>
        createOrder.mutateAsync({ ...request(), metodo_de_pago, monto }),
      capturePaypalOrder: async ({ orderID, payerID }) => {
        const paid = request();
        await capture.mutateAsync({ ...paid, monto: price.data ?? 0, orderID, payerID });
        done(messages.appointmentSent, paid);
      },
      sendReceipt: async ({ metodo_de_pago, monto, file }) => {
        const paid = request();
        const sent = await sendReceipt.mutateAsync({ fields: { ...paid, metodo_de_pago, monto }, file });
        done(messages.receiptSent, paid, sent.reservada_hasta);
      },
      createYappyOrder: async () => {
        const paid = request();
        const created = await createYappyOrder.mutateAsync(paid);
        setYappyRequest(paid);
        return created;
      },
      // Yappy's notification reached the server: the appointment is confirmed, as after PayPal (decision 0058).
      onYappyPaid: () => {
        const paid = yappyRequest;
        if (!paid) return;
        setYappyRequest(null);
        void queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY });
        done(messages.appointmentSent, paid);
      },
    };
  };

  return (
    <div className="appt-page">
      <h1>{t('booking.title')}</h1>
      <section className="appt-card appt-info" aria-labelledby="appt-info-title">
        <h2 id="appt-info-title">{t('booking.hoursTitle')}</h2>
        <p>{t('booking.hoursText')}</p>
        <p>{t('booking.prices')}</p>
      </section>

      {booked && (
        <p className="appt-done" role="status">
          {oneFullStop(
            t('booking.booked', {
              message: translateMessage(booked.message),
              date: formatLongDate(booked.fecha),
              time: formatSlot(booked.hora),
            }),
          )}{' '}
          <Link to="/Citas_usuario">{t('booking.seeMine')}</Link>
        </p>
      )}
      {booked && <BookedWhatsapp fecha={booked.fecha} hora={booked.hora} receipt={booked.receipt} />}
      {booked?.heldUntil && (
        // A transfer/Yappy booking: until when the hour waits for the receipt's approval (decision 0050).
        <p className="appt-note appt-held-until">
          {messages.appointmentHeldUntil.replace('{{fecha}}', formatInstant(booked.heldUntil))}
        </p>
      )}

      <form className="appt-card" aria-labelledby="appt-form-title" onSubmit={(e) => e.preventDefault()} noValidate>
        <h2 id="appt-form-title">{t('booking.formTitle')}</h2>
        <Field label={t('booking.service')} required error={formState.errors.servicio?.message}>
          {(p) => (
            <select
              {...p}
              {...register('servicio', {
                onChange: () => {
                  setBooked(null);
                  setValue('id_doctor', '');
                  setValue('fecha', '');
                  setDateIssue(null);
                  setValue('hora', '');
                },
              })}
            >
              <option value="">{t('booking.chooseService')}</option>
              {SERVICES.map((s) => (
                <option key={s} value={s}>
                  {t(`services.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Field>

        {servicio !== '' &&
          (doctors.isPending ? (
            <p className="appt-note">{messages.loading}</p>
          ) : doctors.isError ? (
            <p className="appt-error" role="alert">
              {messages.requestFailed}
            </p>
          ) : doctors.data.length === 0 ? (
            <p className="appt-error" role="alert">
              {messages.noDoctorsForService}
            </p>
          ) : (
            <Field label={t('booking.doctor')} required error={formState.errors.id_doctor?.message}>
              {(p) => (
                <select
                  {...p}
                  {...register('id_doctor', {
                    onChange: () => {
                      setValue('fecha', '');
                      setDateIssue(null);
                      setValue('hora', '');
                    },
                  })}
                >
                  <option value="">{t('booking.chooseDoctor')}</option>
                  {doctors.data.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.nombre}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ))}

        {values.id_doctor !== '' && (
          <Controller
            control={control}
            name="fecha"
            // No validation on blur: leaving the picker for the next field must not move the page under the pointer.
            render={({ field, fieldState }) => (
              <SlotPicker
                doctorId={values.id_doctor ?? ''}
                fecha={field.value}
                onFecha={(fecha) => {
                  field.onChange(fecha);
                  setValue('hora', '');
                }}
                dateError={dateIssue ?? fieldState.error?.message}
                onDateIssue={setDateIssue}
                hourError={formState.errors.hora?.message}
                hourSelect={register('hora')}
                fullDays={
                  servicio !== '' && fullDates.data
                    ? {
                        dates: fullDates.data,
                        offer: (fecha) => (
                          <Suspense fallback={null}>
                            <WaitlistJoin
                              key={fecha}
                              doctorId={values.id_doctor ?? ''}
                              servicio={servicio}
                              fecha={fecha}
                            />
                          </Suspense>
                        ),
                      }
                    : undefined
                }
              />
            )}
          />
        )}

        <Field label={t('booking.reason')} required error={formState.errors.mensaje?.message}>
          {(p) => <textarea {...p} {...register('mensaje')} rows={3} maxLength={2000} />}
        </Field>
        {price.data !== undefined && (
          <p className="appt-price">
            {t('booking.price')} <strong>{formatMoney(price.data)}</strong>
          </p>
        )}
      </form>

      {validation.failed && (
        <p className="appt-error" role="alert">
          {messages.requestFailed}
        </p>
      )}
      {policy.data?.solo_pago_inmediato && (
        // The no-show policy (decision 0049), said before the patient chooses how to pay.
        <p className="appt-note appt-policy" role="note">
          {messages.appointmentPrepayRequired}
        </p>
      )}
      {servicio !== '' && schema !== undefined && (
        // The app's payment area may itself load on first use.
        <Suspense fallback={<p className="appt-note">{messages.loading}</p>}>
          <PaymentArea key={servicio} servicio={servicio} title={t('booking.paymentTitle')} {...paymentFor(schema)} />
        </Suspense>
      )}
    </div>
  );
}
