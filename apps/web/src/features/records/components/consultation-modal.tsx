import { Reference } from '../../../components/ui/reference.js';
import { ConsultationStateText } from '../../../components/ui/consultation-state.js';
import type { ConsultationDetail } from '@clinica/shared';
import { ClinicalHistory } from '../../../components/ui/clinical-history.js';
import { Details } from '../../../components/ui/details.js';
import { Modal } from '../../../components/ui/modal.js';
import { DetailState } from '../../../components/ui/detail-state.js';
import { useMessages, type TFunction } from '../../../lib/i18n.js';
import { useMyConsultation } from '../api/get-my-consultation.js';
import { ExamFilesSection } from './exam-files-section.js';
import { doctorName, useRecordsText } from './format.js';

/** The detail of one of the patient's consultations, loaded by its token. */
export function ConsultationModal({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useRecordsText();
  const messages = useMessages();
  const detail = useMyConsultation(token);
  return (
    <Modal title={t('modal.title')} size="lg" onClose={onClose}>
      <DetailState token={token} query={detail} notFound={messages.detailNoData} errorClassName="list-error">
        {(d) => <Detail d={d} />}
      </DetailState>
    </Modal>
  );
}

/** The payment method as stored ('Paypal o Tarjeta', 'Transferencia', 'Yappy'), in the current language. */
const METHOD_KEYS: Record<string, string> = { 'Paypal o Tarjeta': 'paypal', Transferencia: 'transfer', Yappy: 'yappy' };
const methodLabel = (t: TFunction, metodo: string) => {
  const key = METHOD_KEYS[metodo];
  return key ? t(`paymentMethods.${key}`) : metodo;
};

function Detail({ d }: { d: ConsultationDetail }) {
  const { t, formatDateTime } = useRecordsText();
  const messages = useMessages();
  return (
    <div className="records-card">
      <ClinicalHistory
        history={d}
        parts={['followUp']}
        followUp={{
          title: t('modal.followup'),
          highlight: true,
          extra: [[t('modal.reviewed'), d.revisado === 1 ? t('modal.yes') : t('modal.no')]],
        }}
      />
      <section className="details-section" aria-labelledby="c-data">
        <h3 id="c-data">{t('modal.consultation')}</h3>
        <Details
          items={[
            [t('modal.service'), t(`services.${d.servicio}`)],
            [t('modal.doctor'), doctorName(d, t)],
            [t('modal.registered'), formatDateTime(d.fecha_registro)],
            [t('modal.type'), d.tipo_de_consulta ? t(`tipo.${d.tipo_de_consulta}`) : t('modal.unclassified')],
            [t('modal.state'), <ConsultationStateText key="estado" state={d} />],
            [t('modal.reference'), <Reference key="n" kind="consultation" numero={d.numero} />],
          ]}
        />
      </section>
      <section className="details-section" aria-labelledby="c-patient">
        <h3 id="c-patient">{t('modal.yourData')}</h3>
        <Details
          items={[
            [t('modal.name'), d.nombre],
            [t('modal.lastName'), d.apellido],
            [t('modal.nationality'), d.nacionalidad],
            [t('modal.idNumber'), d.cedula],
            [t('modal.gender'), d.genero],
            [t('modal.age'), d.edad],
            [t('modal.address'), d.direccion],
            [t('modal.email'), d.correo],
            [t('modal.phone'), d.celular],
          ]}
        />
      </section>
      <ClinicalHistory history={d} parts={['history', 'vitals']} />
      <section className="details-section" aria-labelledby="c-payment">
        <h3 id="c-payment">{t('modal.payment')}</h3>
        <Details
          items={[
            [t('modal.method'), methodLabel(t, d.pago.metodo_de_pago)],
            [t('modal.amount'), `USD ${d.pago.monto.toFixed(2)}`],
            [
              t('modal.proof'),
              d.pago.Link_Comprobante ? (
                <a key="c" href={d.pago.Link_Comprobante} target="_blank" rel="noopener">
                  {t('modal.viewProof', { name: d.pago.Nombre_Comprobante })}
                </a>
              ) : (
                messages.receiptUnavailable
              ),
            ],
          ]}
        />
      </section>
      <ExamFilesSection token={d.token} newest={d.archivo_examenes_encrypted} />
    </div>
  );
}
