import { PatientPhone } from '../../../components/ui/whatsapp-link.js';
import { ConsultationStateText, PaymentStateText } from '../../../components/ui/consultation-state.js';
import { useState, type FormEvent } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  doctorConsultationUpdateSchema,
  panamaToday,
  type DoctorConsultationDetail,
  type DoctorConsultationUpdate,
  type DoctorConsultationUpdateInput,
} from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { ClinicalHistory, useClinicalHistoryLabels } from '../../../components/ui/clinical-history.js';
import { DateField, useDateIssues } from '../../../components/ui/date-field.js';
import { Details, type DetailItem } from '../../../components/ui/details.js';
import { VideoCalls } from '../../../components/ui/video-calls.js';
import { Field } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { DetailState } from '../../../components/ui/detail-state.js';
import { StoredImage } from '../../../components/ui/stored-image.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useDoctorConsultation } from '../api/get-doctor-consultation.js';
import { useUpdateDoctorConsultation } from '../api/update-doctor-consultation.js';
import { useUploadDoctorExamFile } from '../api/upload-doctor-exam-file.js';
import { useFormatDateTime } from '../../../lib/date-time.js';

/** 'Información Completa': the patient, the consultation, images, chat, exam files and the follow-up form. */
export function DoctorConsultationModal({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useTranslation('doctor-consultations');
  const messages = useMessages();
  const detail = useDoctorConsultation(token);
  return (
    <Modal title={t('modal.title')} size="lg" onClose={onClose}>
      <DetailState token={token} query={detail} notFound={messages.detailNoData} errorClassName="list-error">
        {(d) => <Detail d={d} />}
      </DetailState>
    </Modal>
  );
}

const GENDERS = new Set(['masculino', 'femenino', 'otro']);

function Detail({ d }: { d: DoctorConsultationDetail }) {
  const { t } = useTranslation('doctor-consultations');
  const messages = useMessages();
  const formatDateTime = useFormatDateTime();
  return (
    <div className="dc-modal">
      <section className="details-section" aria-labelledby="dc-patient">
        <h3 id="dc-patient">{t('modal.patient')}</h3>
        <Details
          items={[
            [t('modal.firstName'), d.nombre],
            [t('modal.lastName'), d.apellido],
            [t('modal.idNumber'), d.cedula],
            [t('modal.nationality'), d.nacionalidad],
            [t('modal.gender'), GENDERS.has(d.genero) ? t(`genders.${d.genero}`) : d.genero],
            [t('modal.age'), d.edad],
            [t('modal.address'), d.direccion],
            [t('modal.email'), d.correo],
            [t('modal.mobile'), <PatientPhone key="phone" phone={d.celular} />],
            [t('modal.registeredAt'), formatDateTime(d.fecha_registro)],
            [messages.consultationStateLabel, <ConsultationStateText key="estado" state={d} />],
            [messages.paymentStateLabel, <PaymentStateText key="pago" state={d} />],
            // The video calls' start, end and minutes (issue 25): the only trace a call leaves.
            ...(d.videollamadas.length > 0 ? [[messages.videoRecordTitle, <VideoCalls key="video" calls={d.videollamadas} />] satisfies DetailItem] : []),
          ]}
        />
      </section>
      <ClinicalHistory history={d} parts={['history', 'vitals']} />
      <section className="details-section" aria-labelledby="dc-images">
        <h3 id="dc-images">{t('modal.images')}</h3>
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
          <h3 id="dc-chat">{t('modal.chat')}</h3>
          <ol className="dc-chat">
            {d.chat.map((line, i) => (
              <li key={i} className={`dc-chat-${line.de}`}>
                <span className="dc-chat-meta">
                  {line.de === 'paciente' ? t('modal.patient') : t('modal.doctor')} · {formatDateTime(line.enviado_at)}
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
  const { t } = useTranslation('doctor-consultations');
  const messages = useMessages();
  const formatDateTime = useFormatDateTime();
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
          void showAlert(translateMessage(r.message));
        },
        onError: (err) => void showAlert(`${messages.examFileUploadFailedPrefix}${messageOf(err, messages.requestFailed)}`),
      },
    );
  };
  return (
    <section className="details-section" aria-labelledby="dc-exams">
      <h3 id="dc-exams">{t('exams.title')}</h3>
      {d.archivos_examenes.length === 0 ? (
        <p>{messages.unavailable}</p>
      ) : (
        <ul className="dc-files">
          {d.archivos_examenes.map((f) => (
            <li key={f.id}>
              <a href={f.url} target="_blank" rel="noopener">
                {t('exams.download', { name: f.nombre })}
              </a>{' '}
              <span className="dc-muted">
                ({f.subido_por === 'doctor' ? t('exams.byDoctor') : t('exams.byPatient')}, {formatDateTime(f.fecha)})
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="dc-upload" onSubmit={submit}>
        <Field label={t('exams.attach')}>
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
          {t('exams.upload')}
        </Button>
      </form>
    </section>
  );
}

/** The doctor's follow-up: analysis, plan, next visit and the reviewed flag; 'Actualizar'. */
function FollowUpForm({ d }: { d: DoctorConsultationDetail }) {
  const { t } = useTranslation('doctor-consultations');
  const messages = useMessages();
  const labels = useClinicalHistoryLabels();
  const update = useUpdateDoctorConsultation();
  // A typed next-visit day that cannot be taken (not dd/mm/aaaa, no such day, in the past).
  const dateIssues = useDateIssues();
  const {
    register,
    control,
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

  const onValid = (values: DoctorConsultationUpdate) => {
    const typed = dateIssues.pending()[0];
    if (typed) return void showAlert(`${messages.consultationUpdateFailedPrefix}${translateMessage(typed[1])}`);
    update.mutate(values, {
      onSuccess: () => void showAlert(messages.consultationUpdated),
      onError: (err) =>
        void showAlert(
          err instanceof ApiError && err.status > 0
            ? `${messages.consultationUpdateFailedPrefix}${err.message ? translateMessage(err.message) : messages.unknownBackendError}`
            : messages.consultationUpdateNetworkError,
        ),
    });
  };
  const onInvalid = (errs: FieldErrors<DoctorConsultationUpdateInput>) => {
    const first = dateIssues.pending()[0]?.[1] ?? Object.values(errs).find((e) => typeof e?.message === 'string')?.message;
    void showAlert(`${messages.consultationUpdateFailedPrefix}${first ? translateMessage(first) : messages.fixFormErrors}`);
  };

  return (
    <form className="dc-form" noValidate onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)} aria-labelledby="dc-followup">
      <h3 id="dc-followup">{t('followUp.title')}</h3>
      <input type="hidden" {...register('consulta_id')} />
      <input type="hidden" {...register('correo')} />
      <Field label={labels.analisis} error={errors.analisis?.message}>
        {(p) => <textarea {...p} {...register('analisis')} maxLength={8000} />}
      </Field>
      <Field label={labels.plan} error={errors.plan?.message}>
        {(p) => <textarea {...p} {...register('plan')} maxLength={8000} />}
      </Field>
      <div className="dc-form-row">
        <Field label={labels.fecha} error={dateIssues.of('fecha') ?? errors.fecha?.message}>
          {(p) => (
            <Controller
              control={control}
              name="fecha"
              render={({ field }) => (
                <DateField
                  control={p}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  onIssue={dateIssues.report('fecha')}
                  // A next visit is today or later (the server refuses a past one with the same words).
                  minDate={panamaToday(Date.now())}
                  pastMessage={messages.nextVisitInPast}
                />
              )}
            />
          )}
        </Field>
        <Field label={labels.hora} error={errors.hora?.message}>
          {(p) => <input {...p} type="time" step={60} {...register('hora')} />}
        </Field>
      </div>
      <label className="dc-check">
        <input type="checkbox" {...register('revisado')} /> {t('followUp.reviewed')}
      </label>
      <div>
        <Button type="submit" busy={update.isPending}>
          {t('followUp.submit')}
        </Button>
      </div>
    </form>
  );
}
