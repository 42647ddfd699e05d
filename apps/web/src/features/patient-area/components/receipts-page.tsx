import { useState } from 'react';
import { formatDateTime } from '@clinica/shared';
import { Reference } from '../../../components/ui/reference.js';
import { Button } from '../../../components/ui/button.js';
import { Modal } from '../../../components/ui/modal.js';
import { DetailState } from '../../../components/ui/detail-state.js';
import { StoredImage } from '../../../components/ui/stored-image.js';
import { useMessages, useTranslation, type TFunction } from '../../../lib/i18n.js';
import { useReceipt } from '../api/get-receipt.js';
import { useReceipts } from '../api/get-receipts.js';
import { RefundState } from './refund-state.js';
import '../patient-area.css';

const money = (n: number) => `USD ${n.toFixed(2)}`;
/** Receipts that are pictures are shown as the picture itself; a PDF receipt stays a link. */
const IMAGE_NAME = /\.(png|jpe?g|webp)$/i;

/** The payment method as stored ('Paypal o Tarjeta', 'Transferencia', 'Yappy'), in the current language. */
const METHOD_KEYS: Record<string, string> = { 'Paypal o Tarjeta': 'paypal', Transferencia: 'transfer', Yappy: 'yappy' };
const methodLabel = (t: TFunction, metodo: string) => {
  const key = METHOD_KEYS[metodo];
  return key ? t(`paymentMethods.${key}`) : metodo;
};

/** The page's texts and the date format of the current language. */
function useReceiptTexts() {
  const { t, i18n } = useTranslation('patient-area');
  const messages = useMessages();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return { t, messages, lng, formatDate: (iso: string) => formatDateTime(iso, lng) };
}

/** /Recibo_pagos: the patient's payment receipts and the detail modal by token (their own files only). */
export function ReciboPagosPage() {
  const { t, messages, lng, formatDate } = useReceiptTexts();
  const receipts = useReceipts();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="patient-page">
      <h1>{t('receipts.title')}</h1>
      {receipts.isPending ? (
        <p>{messages.loading}</p>
      ) : receipts.isError ? (
        <p role="alert" className="patient-error">
          {messages.loadFailed}
        </p>
      ) : receipts.data.length === 0 ? (
        <p>{messages.noData}</p>
      ) : (
        <ul className="patient-list">
          {receipts.data.map((r) => (
            <li key={r.id} className="patient-row">
              <div>
                <p className="patient-row-title">
                  {t(`purposes.${r.proposito}`)} · {t(`services.${r.servicio}`)}
                </p>
                <p className="patient-row-meta">
                  {/* The number the clinic reads when the patient calls about it (decision 0045). */}
                  <Reference kind="payment" numero={r.numero} /> · {formatDate(r.fecha)} · {money(r.monto)} · {methodLabel(t, r.metodo_de_pago)}
                  {/* Money owed back or returned says so (below) instead of 'En revisión' / 'Aprobado'. */}
                  {r.reembolso ? null : (
                    <>
                      {' · '}
                      <span className={`patient-state patient-state-${r.estado}`}>{t(`states.${r.estado}`)}</span>
                    </>
                  )}
                </p>
                {r.reembolso && <RefundState refund={r.reembolso} lng={lng} />}
              </div>
              <Button variant="secondary" onClick={() => setOpen(r.token)} aria-label={t('receipts.viewDetailLabel', { date: formatDate(r.fecha) })}>
                {t('receipts.viewDetail')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open !== null && <ReceiptModal token={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function ReceiptModal({ token, onClose }: { token: string; onClose: () => void }) {
  const { t, messages, lng, formatDate } = useReceiptTexts();
  const receipt = useReceipt(token);
  return (
    <Modal title={t('modal.title')} size="md" onClose={onClose}>
      <DetailState token={token} query={receipt} notFound={messages.noData} errorClassName="patient-error">
        {(data) => (
        <dl className="patient-details">
          {(
            [
              [t('modal.name'), `${data.nombre} ${data.apellido}`],
              [t('modal.idNumber'), data.cedula],
              [t('modal.phone'), data.celular],
              [t('modal.concept'), `${t(`purposes.${data.proposito}`)} · ${t(`services.${data.servicio}`)}`],
              [t('modal.amount'), money(data.monto)],
              [t('modal.method'), methodLabel(t, data.metodo_de_pago)],
              [t('modal.agreement'), data.acuerdo ? t('modal.accepted') : t('modal.notAccepted')],
              [t('modal.date'), formatDate(data.fecha)],
              [t('modal.state'), t(`states.${data.estado}`)],
              [t('modal.reviewed'), data.revisado ? t('modal.yes') : t('modal.no')],
              [t('modal.reference'), <Reference key="n" kind="payment" numero={data.numero} />],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {data.reembolso && (
            <div>
              <dt>{t('modal.refund')}</dt>
              <dd>
                <RefundState refund={data.reembolso} lng={lng} />
              </dd>
            </div>
          )}
          {data.estado === 'rechazado' && (
            <div className="patient-rejected">
              <dt>{t('modal.rejectionReason')}</dt>
              <dd role="alert">{data.motivo_rechazo}</dd>
            </div>
          )}
          <div>
            <dt>{t('modal.proof')}</dt>
            <dd>
              {data.Link_Comprobante && IMAGE_NAME.test(data.Nombre_Comprobante ?? '') ? (
                // The specification shows the receipt image itself, 150 px wide (issue 23, item 8).
                <StoredImage url={data.Link_Comprobante} alt={`${t('modal.proof')} (${data.Nombre_Comprobante ?? ''})`} />
              ) : data.Link_Comprobante ? (
                <a href={data.Link_Comprobante} target="_blank" rel="noopener">
                  {t('modal.viewProof', { name: data.Nombre_Comprobante })}
                </a>
              ) : (
                messages.unavailable
              )}
            </dd>
          </div>
          <div>
            <dt>{t('modal.invoice')}</dt>
            <dd>
              {data.Link_Factura ? (
                <a href={data.Link_Factura} target="_blank" rel="noopener">
                  {t('modal.viewInvoice', { name: data.archivo_nombre })}
                </a>
              ) : (
                messages.unavailable
              )}
            </dd>
          </div>
        </dl>
        )}
      </DetailState>
    </Modal>
  );
}
