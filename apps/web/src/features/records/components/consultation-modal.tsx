import { messages, type ConsultationDetail } from '@clinica/shared';
import { Modal } from '../../../components/ui/modal.js';
import { ApiError } from '../../../lib/api-client.js';
import { useMyConsultation } from '../api/get-my-consultation.js';
import { Details } from './details.js';
import { ExamFilesSection } from './exam-files-section.js';
import { TIPO_LABELS, formatDateTime, serviceLabel } from './format.js';

/** The detail of one of the patient's consultations, loaded by its token. */
export function ConsultationModal({ token, onClose }: { token: string; onClose: () => void }) {
  const detail = useMyConsultation(token);
  return (
    <Modal title="Detalle de la consulta" size="lg" onClose={onClose}>
      {token === '' ? (
        <p role="alert">{messages.detailTokenMissing}</p>
      ) : detail.isPending ? (
        <p>{messages.loading}</p>
      ) : detail.isError ? (
        <p role="alert" className="list-error">
          {detail.error instanceof ApiError && detail.error.status !== 404 ? messages.detailLoadFailed : messages.detailNoData}
        </p>
      ) : (
        <Detail d={detail.data} />
      )}
    </Modal>
  );
}

const measure = (n: number | null, unit: string) => (n === null ? null : `${n} ${unit}`);

function Detail({ d }: { d: ConsultationDetail }) {
  const nextVisit = d.fecha ? `${d.fecha}${d.hora ? ` a las ${d.hora}` : ''}` : null;
  return (
    <div className="records-card">
      <section className="details-section" aria-labelledby="c-followup">
        <h3 id="c-followup">Indicaciones de su médico</h3>
        <div className="records-followup">
          <Details
            items={[
              ['Análisis', d.analisis],
              ['Plan', d.plan],
              ['Próxima consulta', nextVisit],
              ['Revisada por el médico', d.revisado === 1 ? 'Sí' : 'No'],
            ]}
          />
        </div>
      </section>
      <section className="details-section" aria-labelledby="c-data">
        <h3 id="c-data">Consulta</h3>
        <Details
          items={[
            ['Servicio', serviceLabel(d.servicio)],
            ['Médico', `${d.nombre_doctor} (${d.correo_doctor})`],
            ['Fecha de registro', formatDateTime(d.fecha_registro)],
            ['Tipo de consulta', d.tipo_de_consulta ? TIPO_LABELS[d.tipo_de_consulta] : 'Sin clasificar'],
            ['Estado', d.estado_consulta === 1 ? 'Abierta' : 'Cerrada'],
            ['Número', <code key="id">{d.id}</code>],
            ['Token', <code key="t">{d.token}</code>],
          ]}
        />
      </section>
      <section className="details-section" aria-labelledby="c-patient">
        <h3 id="c-patient">Sus datos</h3>
        <Details
          items={[
            ['Nombre', d.nombre],
            ['Apellido', d.apellido],
            ['Nacionalidad', d.nacionalidad],
            ['Cédula', d.cedula],
            ['Género', d.genero],
            ['Edad', d.edad],
            ['Dirección', d.direccion],
            ['Correo', d.correo],
            ['Celular', d.celular],
          ]}
        />
      </section>
      <section className="details-section" aria-labelledby="c-history">
        <h3 id="c-history">Historia clínica</h3>
        <Details
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
      <section className="details-section" aria-labelledby="c-vitals">
        <h3 id="c-vitals">Signos vitales</h3>
        <Details
          items={[
            ['Peso', measure(d.peso, 'kg')],
            ['Talla', measure(d.talla, 'm')],
            ['Presión arterial', d.presion_arterial],
            ['Frecuencia cardíaca', d.frecuencia_cardiaca],
            ['Frecuencia respiratoria', d.frecuencia_respiratoria],
          ]}
        />
      </section>
      <section className="details-section" aria-labelledby="c-payment">
        <h3 id="c-payment">Pago</h3>
        <Details
          items={[
            ['Método de pago', d.pago.metodo_de_pago],
            ['Monto', `USD ${d.pago.monto.toFixed(2)}`],
            [
              'Comprobante',
              d.pago.Link_Comprobante ? (
                <a key="c" href={d.pago.Link_Comprobante} target="_blank" rel="noopener">
                  Ver comprobante ({d.pago.Nombre_Comprobante})
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
