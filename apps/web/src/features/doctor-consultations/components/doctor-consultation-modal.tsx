import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  doctorConsultationUpdateSchema,
  messages,
  type DoctorConsultationDetail,
  type DoctorConsultationUpdate,
  type DoctorConsultationUpdateInput,
} from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { StoredImage } from '../../../components/ui/stored-image.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { useDoctorConsultation } from '../api/get-doctor-consultation.js';
import { useUpdateDoctorConsultation } from '../api/update-doctor-consultation.js';
import { useUploadDoctorExamFile } from '../api/upload-doctor-exam-file.js';
import { formatDateTime } from './format.js';

/** 'Información Completa': the patient, the consultation, images, chat, exam files and the follow-up form. */
export function DoctorConsultationModal({ token, onClose }: { token: string; onClose: () => void }) {
  const detail = useDoctorConsultation(token);
  return (
    <Modal title="Información Completa de la consulta" size="lg" onClose={onClose}>
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

function Details({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="details-grid">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? messages.unavailable : value}</dd>
        </div>
      ))}
    </dl>
  );
}

const measure = (n: number | null, unit: string) => (n === null ? null : `${n} ${unit}`);

function Detail({ d }: { d: DoctorConsultationDetail }) {
  return (
    <div className="dc-modal">
      <section className="details-section" aria-labelledby="dc-patient">
        <h3 id="dc-patient">Paciente</h3>
        <Details
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
            ['Fecha de registro', formatDateTime(d.fecha_registro)],
          ]}
        />
      </section>
      <section className="details-section" aria-labelledby="dc-history">
        <h3 id="dc-history">Historia clínica</h3>
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
      <section className="details-section" aria-labelledby="dc-vitals">
        <h3 id="dc-vitals">Signos vitales</h3>
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
      <section className="details-section" aria-labelledby="dc-images">
        <h3 id="dc-images">Imágenes</h3>
        {d.imagenes.length === 0 ? (
          <p>{messages.unavailable}</p>
        ) : (
          <ul className="dc-images">
            {d.imagenes.map((img) => (
              <li key={img.url}>
                <StoredImage url={img.url} alt={img.nombre} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {d.chat.length > 0 && (
        <section className="details-section" aria-labelledby="dc-chat">
          <h3 id="dc-chat">Conversación del chat</h3>
          <ol className="dc-chat">
            {d.chat.map((line, i) => (
              <li key={i} className={`dc-chat-${line.de}`}>
                <span className="dc-chat-meta">
                  {line.de === 'paciente' ? 'Paciente' : 'Médico'} · {formatDateTime(line.enviado_at)}
                </span>
                {line.texto}
              </li>
            ))}
          </ol>
        </section>
      )}
      <ExamFiles d={d} />
      <FollowUpForm d={d} />
    </div>
  );
}

function ExamFiles({ d }: { d: DoctorConsultationDetail }) {
  const uploadFile = useUploadDoctorExamFile();
  const [chosen, setChosen] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) {
      void showAlert(messages.examFileRequired);
      return;
    }
    uploadFile.mutate(
      { token: d.token, file: chosen },
      {
        onSuccess: (r) => {
          setChosen(null);
          setInputKey((k) => k + 1);
          void showAlert(r.message);
        },
        onError: (err) => void showAlert(`${messages.examFileUploadFailedPrefix}${messageOf(err, messages.requestFailed)}`),
      },
    );
  };
  return (
    <section className="details-section" aria-labelledby="dc-exams">
      <h3 id="dc-exams">Archivo de exámenes</h3>
      {d.archivos_examenes.length === 0 ? (
        <p>{messages.unavailable}</p>
      ) : (
        <ul className="dc-files">
          {d.archivos_examenes.map((f) => (
            <li key={f.id}>
              <a href={f.url} target="_blank" rel="noopener">
                Descargar {f.nombre}
              </a>{' '}
              <span className="dc-muted">
                ({f.subido_por === 'doctor' ? 'subido por el médico' : 'subido por el paciente'}, {formatDateTime(f.fecha)})
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="dc-upload" onSubmit={submit}>
        <Field label="Adjuntar archivo de exámenes (PDF o imagen)">
          {(p) => (
            <input
              key={inputKey}
              {...p}
              type="file"
              accept="application/pdf,image/png,image/jpeg,image/webp"
              onChange={(e) => setChosen(e.currentTarget.files?.[0] ?? null)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" busy={uploadFile.isPending}>
          Subir archivo
        </Button>
      </form>
    </section>
  );
}

/** The doctor's follow-up: analysis, plan, next visit and the reviewed flag; 'Actualizar'. */
function FollowUpForm({ d }: { d: DoctorConsultationDetail }) {
  const update = useUpdateDoctorConsultation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DoctorConsultationUpdateInput, unknown, DoctorConsultationUpdate>({
    resolver: zodResolver(doctorConsultationUpdateSchema),
    defaultValues: {
      consulta_id: d.id,
      correo: d.correo,
      analisis: d.analisis ?? '',
      plan: d.plan ?? '',
      fecha: d.fecha ?? '',
      hora: d.hora ?? '',
      revisado: d.revisado === 1,
    },
  });

  const onValid = (values: DoctorConsultationUpdate) =>
    update.mutate(values, {
      onSuccess: () => void showAlert(messages.consultationUpdated),
      onError: (err) =>
        void showAlert(
          err instanceof ApiError && err.status > 0
            ? `${messages.consultationUpdateFailedPrefix}${err.message || messages.unknownBackendError}`
            : messages.consultationUpdateNetworkError,
        ),
    });
  const onInvalid = (errs: FieldErrors<DoctorConsultationUpdateInput>) => {
    const first = Object.values(errs).find((e) => typeof e?.message === 'string')?.message;
    void showAlert(`${messages.consultationUpdateFailedPrefix}${first ?? messages.fixFormErrors}`);
  };

  return (
    <form className="dc-form" noValidate onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)} aria-labelledby="dc-followup">
      <h3 id="dc-followup">Seguimiento</h3>
      <input type="hidden" {...register('consulta_id')} />
      <input type="hidden" {...register('correo')} />
      <Field label="Análisis" error={errors.analisis?.message}>
        {(p) => <textarea {...p} {...register('analisis')} maxLength={8000} />}
      </Field>
      <Field label="Plan" error={errors.plan?.message}>
        {(p) => <textarea {...p} {...register('plan')} maxLength={8000} />}
      </Field>
      <div className="dc-form-row">
        <Field label="Fecha de la próxima consulta" error={errors.fecha?.message}>
          {(p) => <input {...p} type="date" {...register('fecha')} />}
        </Field>
        <Field label="Hora de la próxima consulta" error={errors.hora?.message}>
          {(p) => <input {...p} type="time" step={60} {...register('hora')} />}
        </Field>
      </div>
      <label className="dc-check">
        <input type="checkbox" {...register('revisado')} /> Revisado
      </label>
      <div>
        <Button type="submit" busy={update.isPending}>
          Actualizar
        </Button>
      </div>
    </form>
  );
}
