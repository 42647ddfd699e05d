import { useId, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  HISTORY_SECTIONS,
  NOT_APPLICABLE_TEXT,
  SERVICES,
  type ConsultationRequest,
  type ConsultationRequestInput,
  type HistorySection,
} from '@clinica/shared';
import { Field } from '../../../components/ui/field.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useDoctors } from '../api/get-doctors.js';

export type ConsultationFormApi = UseFormReturn<ConsultationRequestInput, unknown, ConsultationRequest>;

/**
 * Step 3, the data form: the service (loads its doctors), the doctor (reveals the history), then
 * the symptoms and each history section, filled or marked not applicable.
 */
export function ConsultationForm({ form, notApplicable, setNotApplicable }: {
  form: ConsultationFormApi;
  notApplicable: Record<HistorySection, boolean>;
  setNotApplicable: (section: HistorySection, value: boolean) => void;
}) {
  const { t } = useTranslation('consultations');
  const messages = useMessages();
  const { register, control, setValue, formState } = form;
  const servicio = useWatch({ control, name: 'servicio' }) as ConsultationRequest['servicio'] | '';
  const doctorId = useWatch({ control, name: 'doctor_id' });
  const doctors = useDoctors(servicio);

  return (
    <section className="consult-card" aria-labelledby="consult-form-title">
      <h2 id="consult-form-title">{t('form.title')}</h2>
      <Field label={t('form.service')} required error={formState.errors.servicio?.message}>
        {(p) => (
          <select
            {...p}
            {...register('servicio', {
              onChange: () => setValue('doctor_id', '', { shouldValidate: false }),
            })}
          >
            <option value="">{t('form.chooseService')}</option>
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
          <p className="consult-note">{messages.loading}</p>
        ) : doctors.isError ? (
          <p className="consult-error" role="alert">
            {messages.requestFailed}
          </p>
        ) : doctors.data.length === 0 ? (
          <p className="consult-error" role="alert">
            {messages.noDoctorsForService}
          </p>
        ) : (
          <Field label={t('form.doctor')} required error={formState.errors.doctor_id?.message}>
            {(p) => (
              <select {...p} {...register('doctor_id')}>
                <option value="">{t('form.chooseDoctor')}</option>
                {doctors.data.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.nombre}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ))}

      {servicio !== '' && doctorId !== '' && (
        <div className="consult-history">
          <Controller
            control={control}
            name="sintomas"
            render={({ field, fieldState }) => (
              <Field
                label={t('form.symptoms')}
                required
                error={fieldState.isTouched && field.value.trim() === '' ? messages.missingFields : fieldState.error?.message}
              >
                {(p) => <textarea {...p} {...field} rows={4} maxLength={4000} />}
              </Field>
            )}
          />
          {HISTORY_SECTIONS.map((section) => (
            <HistorySectionField
              key={section}
              form={form}
              section={section}
              label={t(`form.sections.${section}`)}
              notApplicable={notApplicable[section]}
              setNotApplicable={(v) => setNotApplicable(section, v)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/** One history section: its text, or the 'No aplica' box that disables it and stores 'No hay información'. */
function HistorySectionField({ form, section, label, notApplicable, setNotApplicable }: {
  form: ConsultationFormApi;
  section: HistorySection;
  label: string;
  notApplicable: boolean;
  setNotApplicable: (value: boolean) => void;
}) {
  const { t } = useTranslation('consultations');
  const messages = useMessages();
  const checkId = useId();
  // What the person typed before ticking the box comes back when it is unticked.
  const [typed, setTyped] = useState('');
  return (
    <Controller
      control={form.control}
      name={section}
      render={({ field }) => {
        const empty = field.value.trim() === '';
        return (
          <div className="consult-section">
            <Field label={label} error={!notApplicable && empty ? messages.fillOrTick : undefined}>
              {(p) => <textarea {...p} {...field} rows={2} maxLength={4000} disabled={notApplicable} />}
            </Field>
            <label className="consult-check consult-na" htmlFor={checkId}>
              <input
                id={checkId}
                type="checkbox"
                aria-label={t('form.notApplicableLabel', { section: label })}
                checked={notApplicable}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  if (checked) setTyped(field.value === NOT_APPLICABLE_TEXT ? '' : field.value);
                  setNotApplicable(checked);
                  form.setValue(section, checked ? NOT_APPLICABLE_TEXT : typed, { shouldValidate: true });
                }}
              />
              {t('form.notApplicable')}
            </label>
          </div>
        );
      }}
    />
  );
}
