import { Suspense, useState, type ComponentType } from 'react';
import { Link } from '../../../lib/router.js';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Field } from '../../../components/ui/field.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useCapturePaypalOrder } from '../api/capture-paypal-order.js';
import { useCreatePaypalOrder } from '../api/create-paypal-order.js';
import { usePrice } from '../api/get-price.js';
import { useSendReceipt } from '../api/send-receipt.js';
import { useCreateYappyOrder } from '../api/create-yappy-order.js';
import { useWaitlistOffer } from '../api/get-waitlist-offer.js';
import type { AppointmentPaymentAreaProps } from './appointment-page.js';
import { BookedWhatsapp } from './booked-whatsapp.js';
import { formatInstant, formatLongDate, formatMoney, formatSlot } from './format.js';

/**
 * /citas?oferta=<token> (decision 0050): the hour a waitlist offer's mail links to, booked through
 * the normal booking (the same payment area, prepay policy and holds) with the offer's token.
 * The server decides who gets the hour; a patient who lost the race reads why, in words.
 */
export function WaitlistOfferBooking({ token, PaymentArea }: { token: string; PaymentArea: ComponentType<AppointmentPaymentAreaProps> }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const offer = useWaitlistOffer(token);
  const price = usePrice(offer.data?.servicio ?? '');
  const createOrder = useCreatePaypalOrder();
  const capture = useCapturePaypalOrder();
  const sendReceipt = useSendReceipt();
  const createYappyOrder = useCreateYappyOrder();
  const [mensaje, setMensaje] = useState('');
  const [missing, setMissing] = useState(false);
  const [booked, setBooked] = useState<{ message: string; heldUntil: string | null } | null>(null);

  if (offer.isPending) return <p className="appt-note">{messages.loading}</p>;
  if (offer.isError) {
    return (
      <p className="appt-error" role="alert">
        {messageOf(offer.error, messages.requestFailed)}
      </p>
    );
  }
  const o = offer.data;
  const request = { servicio: o.servicio, id_doctor: o.id_doctor, fecha: o.fecha, hora: o.hora, mensaje: mensaje.trim() };
  const slotLine = messages.waitlistOfferSlot
    .replace('{{fecha}}', formatLongDate(o.fecha))
    .replace('{{hora}}', formatSlot(o.hora))
    .replace('{{doctor}}', o.doctor);

  return (
    <section className="appt-card appt-offer" aria-labelledby="appt-offer-title">
      <h2 id="appt-offer-title">{messages.waitlistOfferTitle}</h2>
      <p className="appt-offer-slot">
        <strong>{slotLine}</strong> · {t(`services.${o.servicio}`)}
      </p>
      {booked ? (
        <>
          <p className="appt-done" role="status">
            {translateMessage(booked.message)} <Link to="/Citas_usuario">{t('booking.seeMine')}</Link>
          </p>
          <BookedWhatsapp fecha={o.fecha} hora={o.hora} receipt={booked.heldUntil !== null} />
          {booked.heldUntil && <p className="appt-note appt-held-until">{messages.appointmentHeldUntil.replace('{{fecha}}', formatInstant(booked.heldUntil))}</p>}
        </>
      ) : o.estado !== 'abierta' ? (
        <p className="appt-error" role="alert">
          {translateMessage(o.message ?? messages.waitlistOfferClosed)}
        </p>
      ) : (
        <>
          <p className="appt-note">{messages.waitlistOfferValidUntil.replace('{{fecha}}', formatInstant(o.expira_at))}</p>
          <Field label={t('booking.reason')} required error={missing ? messages.missingFields : undefined}>
            {(p) => (
              <textarea
                {...p}
                rows={3}
                maxLength={2000}
                value={mensaje}
                onChange={(e) => {
                  setMensaje(e.target.value);
                  setMissing(false);
                }}
              />
            )}
          </Field>
          {price.data !== undefined && (
            <p className="appt-price">
              {t('booking.price')} <strong>{formatMoney(price.data)}</strong>
            </p>
          )}
          <Suspense fallback={<p className="appt-note">{messages.loading}</p>}>
            <PaymentArea
              servicio={o.servicio}
              title={t('booking.paymentTitle')}
              checkBeforePaying={() => {
                if (request.mensaje !== '') return null;
                setMissing(true);
                return messages.missingFields;
              }}
              createPaypalOrder={({ metodo_de_pago, monto }) => createOrder.mutateAsync({ ...request, metodo_de_pago, monto, oferta: token })}
              capturePaypalOrder={async ({ orderID, payerID }) => {
                await capture.mutateAsync({ ...request, monto: price.data ?? 0, orderID, payerID });
                setBooked({ message: messages.appointmentSent, heldUntil: null });
                void showAlert(messages.appointmentSent);
              }}
              sendReceipt={async ({ metodo_de_pago, monto, file }) => {
                const sent = await sendReceipt.mutateAsync({ fields: { ...request, metodo_de_pago, monto, oferta: token }, file });
                setBooked({ message: messages.receiptSent, heldUntil: sent.reservada_hasta });
                void showAlert(messages.receiptSent);
              }}
              createYappyOrder={() => createYappyOrder.mutateAsync({ ...request, oferta: token })}
              onYappyPaid={() => {
                setBooked({ message: messages.appointmentSent, heldUntil: null });
                void showAlert(messages.appointmentSent);
              }}
            />
          </Suspense>
        </>
      )}
    </section>
  );
}
