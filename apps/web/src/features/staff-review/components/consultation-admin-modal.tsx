import { useState, type FormEvent } from 'react';
import { TIPOS_DE_CONSULTA, messages, type AdminConsultationDetail, type TipoDeConsulta } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { ApiError } from '../../../lib/api-client.js';
import { useAdminConsultation } from '../api/get-admin-consultation.js';
import { useUpdateConsultation } from '../api/update-consultation.js';
import { DetailList } from './detail-list.js';
import { PAYMENT_STATE_LABELS, TIPO_LABELS, formatDateTime, formatMoney, serviceLabel } from './format.js';
import { ImageLink } from './image-link.js';

/** The consultation's modal: every field, its files and payment, and the classification form. */
export function ConsultationAdminModal({ token, onClose }: { token: string; onClose: () => void }) {
  const detail = useAdminConsultation(token);
  return (
    <Modal title="Información Completa de la consulta" size="lg" onClose={onClose}>
      {token === '' ? (
        <p role="alert">{messages.detailTokenMissing}</p>
      ) : detail.isPending ? (
        <p>{messages.loading}</p>
      ) : detail.isError ? (
        <p role="alert" className="review-error">
          {detail.error instanceof ApiError && detail.error.status === 404 ? messages.detailNoData : messages.detailLoadFailed}
        </p>
      ) : (
        <ConsultationDetail d={detail.data} />
      )}
    </Modal>
  );
}

const num = (n: number | null, unit: string) => (n === null ? null : `${n} ${unit}`);

function ConsultationDetail({ d }: { d: AdminConsultationDetail }) {
  return (
    <div className="review-modal">
      <section aria-labelledby="cd-patient">
        <h3 id="cd-patient">Paciente</h3>
        <DetailList
          items={[
            ['Nombre', d.nombre],
            ['Apellido', d.apellido],
            ['Cédula', d.cedula],
            ['Nacionalidad', d.nacionalidad],
            ['Género', d.genero],
            ['Edad', d.edad],
            ['Dirección', d.direccion],
            ['Correo', d.correo],
            ['Celular', d.celular],
          ]}
        />
      </section>
      <section aria-labelledby="cd-consult">
        <h3 id="cd-consult">Consulta</h3>
        <DetailList
          items={[
            ['Servicio', serviceLabel(d.servicio)],
            ['Médico', `${d.nombre_doctor} (${d.correo_doctor})`],
            ['Fecha de registro', formatDateTime(d.fecha_registro)],
            ['Token', <code key="t">{d.token}</code>],
            ['Permiso de chat', d.permiso_chat ? 'Sí' : 'No'],
          ]}
        />
      </section>
      <section aria-labelledby="cd-history">
        <h3 id="cd-history">Historia clínica</h3>
        <DetailList
          items={[
            ['Síntomas', d.sintomas],
            ['Antecedentes familiares', d.antecedentes_familiares],
            ['Antecedentes personales', d.antecedentes_personales],
            ['Antecedentes quirúrgicos', d.antecedentes_quirurgicos],
            ['Alergias', d.alergias],
            ['Otros datos', d.otros_datos],
          ]}
        />
      </section>
      <section aria-labelledby="cd-vitals">
        <h3 id="cd-vitals">Signos vitales</h3>
        <DetailList
          items={[
            ['Peso', num(d.peso, 'kg')],
            ['Talla', num(d.talla, 'm')],
            ['Presión arterial', d.presion_arterial],
            ['Frecuencia cardíaca', d.frecuencia_cardiaca],
            ['Frecuencia respiratoria', d.frecuencia_respiratoria],
          ]}
        />
      </section>
      <section aria-labelledby="cd-followup">
        <h3 id="cd-followup">Seguimiento del médico</h3>
        <DetailList
          items={[
            ['Análisis', d.analisis],
            ['Plan', d.plan],
            ['Próxima consulta', d.fecha ? `${d.fecha}${d.hora ? ` ${d.hora}` : ''}` : null],
            ['Revisado por el médico', d.revisado === 1 ? 'Sí' : 'No'],
            [
              'Archivo de exámenes',
              d.archivo_examenes_encrypted ? (
                <a key="x" href={d.archivo_examenes_encrypted} target="_blank" rel="noopener">
                  Descargar archivo de exámenes
                </a>
              ) : null,
            ],
          ]}
        />
      </section>
      <section aria-labelledby="cd-images">
        <h3 id="cd-images">Imágenes</h3>
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
        <h3 id="cd-payment">Pago y comprobante</h3>
        {d.pago.posible_duplicado && (
          <p className="review-warning" role="note">
            {messages.possibleDuplicateReceipt}
          </p>
        )}
        <DetailList
          items={[
            ['Método de pago', d.pago.metodo_de_pago],
            ['Monto', formatMoney(d.pago.monto)],
            ['Estado del pago', PAYMENT_STATE_LABELS[d.pago.estado]],
            ['Motivo del rechazo', d.pago.estado === 'rechazado' ? d.pago.motivo_rechazo : null],
            [
              'Comprobante',
              d.pago.Link_Comprobante ? (
                <ImageLink key="c" url={d.pago.Link_Comprobante} nombre={d.pago.Nombre_Comprobante ?? 'Comprobante'} />
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
  const [tipo, setTipo] = useState<TipoDeConsulta | ''>(d.tipo_de_consulta ?? '');
  const [abierta, setAbierta] = useState(d.estado_consulta === 1);
  const update = useUpdateConsultation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const result = await update.mutateAsync({ consulta_id: d.id, correo: d.correo, tipo_consulta: tipo, estado_consulta: abierta ? 1 : 0 });
      void showAlert(result.message || messages.consultationUpdated);
    } catch (error) {
      if (error instanceof ApiError && error.status > 0) {
        void showAlert(`${messages.consultationUpdateFailedPrefix}${error.message || messages.unknownBackendError}`);
      } else {
        void showAlert(messages.consultationUpdateNetworkErrorAdmin);
      }
    }
  };

  return (
    <form className="review-form" onSubmit={(e) => void submit(e)} aria-labelledby="cd-classify">
      <h3 id="cd-classify">Clasificación y estado</h3>
      <p className="review-hint">tipo_a y tipo_b autorizan el chat y aprueban el pago pendiente; tipo_c y Quitar Permiso retiran el permiso.</p>
      <Field label="Tipo de consulta" required>
        {(p) => (
          <select {...p} value={tipo} onChange={(e) => setTipo(e.currentTarget.value as TipoDeConsulta | '')}>
            <option value="">Sin clasificar</option>
            {TIPOS_DE_CONSULTA.map((t) => (
              <option key={t} value={t}>
                {TIPO_LABELS[t]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="review-check">
        <input type="checkbox" checked={abierta} onChange={(e) => setAbierta(e.currentTarget.checked)} />
        Consulta abierta (estado_consulta)
      </label>
      <Button type="submit" busy={update.isPending}>
        Actualizar
      </Button>
    </form>
  );
}
