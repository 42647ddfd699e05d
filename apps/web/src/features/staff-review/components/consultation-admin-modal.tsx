import { PatientPhone } from '../../../components/ui/whatsapp-link.js';
import { ConsultationStateText } from '../../../components/ui/consultation-state.js';
import { Reference } from '../../../components/ui/reference.js';
import { useState, type FormEvent } from 'react';
import { TIPOS_DE_CONSULTA, type AdminConsultationDetail, type TipoDeConsulta } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { ClinicalHistory } from '../../../components/ui/clinical-history.js';
import { Details, type DetailItem } from '../../../components/ui/details.js';
import { VideoCalls } from '../../../components/ui/video-calls.js';
import { Field } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { DetailState } from '../../../components/ui/detail-state.js';
import { ApiError } from '../../../lib/api-client.js';
import { translateMessage, useMessages } from '../../../lib/i18n.js';
import { useAdminConsultation } from '../api/get-admin-consultation.js';
import { useUpdateConsultation } from '../api/update-consultation.js';
import { formatMoney, useReviewFormat } from './format.js';
import { ImageLink } from './image-link.js';

/** The consultation's modal: every field, its files and payment, and the classification form. */
export function ConsultationAdminModal({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useReviewFormat();
  const messages = useMessages();
  const detail = useAdminConsultation(token);
  return (
    <Modal title={t('consultationModal.title')} size="lg" onClose={onClose}>
      <DetailState token={token} query={detail} notFound={messages.detailNoData} errorClassName="review-error">
        {(d) => <ConsultationDetail d={d} />}
      </DetailState>
    </Modal>
  );
}

function ConsultationDetail({ d }: { d: AdminConsultationDetail }) {
  const { t, formatDateTime, serviceLabel, paymentStateLabel, genderLabel, methodLabel, yesNo } = useReviewFormat();
  const messages = useMessages();
  return (
    <div className="review-modal">
      <section aria-labelledby="cd-patient">
        <h3 id="cd-patient">{t('consultationModal.patient')}</h3>
        <Details
          items={[
            [t('consultationModal.firstName'), d.nombre],
            [t('consultationModal.lastName'), d.apellido],
            [t('consultationModal.idNumber'), d.cedula],
            [t('consultationModal.nationality'), d.nacionalidad],
            [t('consultationModal.gender'), genderLabel(d.genero)],
            [t('consultationModal.age'), d.edad],
            [t('consultationModal.address'), d.direccion],
            [t('consultationModal.email'), d.correo],
            [t('consultationModal.mobile'), <PatientPhone key="phone" phone={d.celular} />],
          ]}
        />
      </section>
      <section aria-labelledby="cd-consult">
        <h3 id="cd-consult">{t('consultationModal.consultation')}</h3>
        <Details
          items={[
            [t('consultationModal.service'), serviceLabel(d.servicio)],
            [t('consultationModal.doctor'), d.correo_doctor ? `${d.nombre_doctor} (${d.correo_doctor})` : d.nombre_doctor],
            [t('consultationModal.registeredAt'), formatDateTime(d.fecha_registro)],
            [t('consultationModal.reference'), <Reference key="n" kind="consultation" numero={d.numero} />],
            [t('consultationModal.chatPermission'), yesNo(d.permiso_chat)],
            [messages.consultationStateLabel, <ConsultationStateText key="estado" state={d} />],
            // The video calls' start, end and minutes (issue 25): the only trace a call leaves.
            ...(d.videollamadas.length > 0 ? [[messages.videoRecordTitle, <VideoCalls key="video" calls={d.videollamadas} />] satisfies DetailItem] : []),
          ]}
        />
      </section>
      <ClinicalHistory
        history={d}
        followUp={{
          extra: [
            [t('consultationModal.reviewedByDoctor'), yesNo(d.revisado === 1)],
            [
              t('consultationModal.examFile'),
              d.archivo_examenes_encrypted ? (
                <a key="x" href={d.archivo_examenes_encrypted} target="_blank" rel="noopener">
                  {t('consultationModal.downloadExamFile')}
                </a>
              ) : null,
            ],
          ],
        }}
      />
      <section aria-labelledby="cd-images">
        <h3 id="cd-images">{t('consultationModal.images')}</h3>
        {d.imagenes.length === 0 ? (
          <p>{messages.unavailable}</p>
        ) : (
          <ul className="review-images">
            {d.imagenes.map((img) => (
              <li key={img.url}>
                <ImageLink url={img.url} nombre={img.nombre} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="cd-payment">
        <h3 id="cd-payment">{t('consultationModal.payment')}</h3>
        {d.pago.posible_duplicado && (
          <p className="review-warning" role="note">
            {messages.possibleDuplicateReceipt}
          </p>
        )}
        <Details
          items={[
            [t('consultationModal.paymentMethod'), methodLabel(d.pago.metodo_de_pago)],
            [t('consultationModal.amount'), formatMoney(d.pago.monto)],
            [t('consultationModal.paymentState'), paymentStateLabel(d.pago.estado)],
            [t('consultationModal.rejectionReason'), d.pago.estado === 'rechazado' ? d.pago.motivo_rechazo : null],
            [
              t('consultationModal.receipt'),
              d.pago.Link_Comprobante ? (
                <ImageLink key="c" url={d.pago.Link_Comprobante} nombre={d.pago.Nombre_Comprobante ?? t('file.receipt')} />
              ) : (
                messages.receiptUnavailable
              ),
            ],
          ]}
        />
      </section>
      <ClassificationForm d={d} />
    </div>
  );
}

/** tipo_de_consulta and estado_consulta, saved with the catalogue's messages. */
function ClassificationForm({ d }: { d: AdminConsultationDetail }) {
  const { t, tipoLabel } = useReviewFormat();
  const messages = useMessages();
  const [tipo, setTipo] = useState<TipoDeConsulta | ''>(d.tipo_de_consulta ?? '');
  const [abierta, setAbierta] = useState(d.estado_consulta === 1);
  const update = useUpdateConsultation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const result = await update.mutateAsync({ consulta_id: d.id, correo: d.correo, tipo_consulta: tipo, estado_consulta: abierta ? 1 : 0 });
      void showAlert(result.message ? translateMessage(result.message) : messages.consultationUpdated);
    } catch (error) {
      if (error instanceof ApiError && error.status > 0) {
        void showAlert(`${messages.consultationUpdateFailedPrefix}${error.message ? translateMessage(error.message) : messages.unknownBackendError}`);
      } else {
        void showAlert(messages.consultationUpdateNetworkErrorAdmin);
      }
    }
  };

  return (
    <form className="review-form" onSubmit={(e) => void submit(e)} aria-labelledby="cd-classify">
      <h3 id="cd-classify">{t('classification.title')}</h3>
      <p className="review-hint">{t('classification.hint')}</p>
      <Field label={t('classification.type')} required>
        {(p) => (
          <select {...p} value={tipo} onChange={(e) => setTipo(e.currentTarget.value as TipoDeConsulta | '')}>
            <option value="">{t('tipos.none')}</option>
            {TIPOS_DE_CONSULTA.map((x) => (
              <option key={x} value={x}>
                {tipoLabel(x)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="review-check">
        <input type="checkbox" checked={abierta} onChange={(e) => setAbierta(e.currentTarget.checked)} />
        {t('classification.open')}
      </label>
      <Button type="submit" busy={update.isPending}>
        {t('classification.submit')}
      </Button>
    </form>
  );
}
