import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COUNTRIES,
  CORRECTABLE_FIELDS,
  GENDERS,
  correctionFormSchema,
  type CorrectionFormInput,
  type CorrectionFormValues,
  type MyDataRequests,
} from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { useCountryName } from '../../../lib/country-names.js';
import { useMessages } from '../../../lib/i18n.js';
import { useRequestCorrection } from '../api/request-correction.js';
import { useDataRequestsText } from './labels.js';

// The registration rules (the same shared fields the server checks), on the whole profile.
const resolver = zodResolver(correctionFormSchema);
type FieldName = keyof CorrectionFormInput;

/** The correction form: the profile as it is now, the person changes what is wrong and says why. */
export function CorrectionDialog({ current, onClose }: { current: MyDataRequests['actuales']; onClose: () => void }) {
  const { t } = useDataRequestsText();
  const messages = useMessages();
  const countryName = useCountryName();
  const send = useRequestCorrection();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<CorrectionFormInput, unknown, CorrectionFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { ...current, edad: String(current.edad), motivo: '' },
  });
  const countryCode = String(useWatch({ control, name: 'country_code' }));
  const expectedDigits = COUNTRIES.find((c) => c.code === countryCode)?.digits;

  const onValid = async (values: CorrectionFormValues) => {
    // Only what changed goes to the clinic.
    const cambios = Object.fromEntries(
      CORRECTABLE_FIELDS.filter((f) => values[f] !== current[f]).map((f) => [f, values[f]]),
    );
    if (Object.keys(cambios).length === 0) {
      await showAlert(messages.correctionNothingChanged);
      return;
    }
    try {
      const res = await send.mutateAsync({ cambios, motivo: values.motivo });
      onClose();
      await showAlert(res.message);
    } catch (error) {
      if (error instanceof ApiError && error.fromServer) {
        for (const [key, message] of Object.entries(error.errors)) {
          const field = key.replace(/^cambios\./, '');
          if (field in current || field === 'motivo') setError(field as FieldName, { type: 'server', message });
        }
      }
      await showAlert(messageOf(error, messages.requestFailedRetry));
    }
  };

  return (
    <Modal title={t('correction.title')} onClose={onClose} size="lg">
      <form
        className="data-requests-form"
        noValidate
        onSubmit={(e) => void handleSubmit(onValid, () => void showAlert(messages.fixFormErrors))(e)}
      >
        <p>{t('correction.intro')}</p>
        <div className="data-requests-grid">
          <Field label={t('fields.nombre')} error={errors.nombre?.message} required>
            {(p) => <input {...p} autoComplete="given-name" data-autofocus {...register('nombre')} />}
          </Field>
          <Field label={t('fields.apellido')} error={errors.apellido?.message} required>
            {(p) => <input {...p} autoComplete="family-name" {...register('apellido')} />}
          </Field>
          <Field label={t('fields.cedula')} error={errors.cedula?.message} required>
            {(p) => <input {...p} autoComplete="off" {...register('cedula')} />}
          </Field>
          <Field label={t('fields.edad')} error={errors.edad?.message} required>
            {(p) => <input {...p} type="number" inputMode="numeric" min={0} max={120} step={1} {...register('edad')} />}
          </Field>
          <Field label={t('fields.genero')} error={errors.genero?.message} required>
            {(p) => (
              <select {...p} {...register('genero')}>
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {t(`genders.${g}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('fields.nacionalidad')} error={errors.nacionalidad?.message} required>
            {(p) => (
              <select {...p} {...register('nacionalidad')}>
                {COUNTRIES.map((c) => (
                  <option key={c.name} value={c.name}>
                    {countryName(c.name)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('fields.direccion')} error={errors.direccion?.message} required>
            {(p) => <input {...p} autoComplete="street-address" {...register('direccion')} />}
          </Field>
          <Field label={t('fields.country_code')} error={errors.country_code?.message} required>
            {(p) => (
              <select {...p} autoComplete="tel-country-code" {...register('country_code')}>
                {COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {countryName(c.name)} ({c.code})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={t('fields.celular')}
            error={errors.celular?.message}
            hint={expectedDigits ? t('correction.phoneHint', { digits: expectedDigits, code: countryCode }) : undefined}
            required
          >
            {(p) => (
              <input {...p} type="tel" inputMode="numeric" autoComplete="tel-national" {...register('celular')} />
            )}
          </Field>
        </div>
        <Field label={t('correction.reason')} error={errors.motivo?.message} hint={t('correction.reasonHint')} required>
          {(p) => <textarea {...p} rows={3} maxLength={1000} {...register('motivo')} />}
        </Field>
        <p className="data-requests-note">{t('correction.emailNote')}</p>
        <div className="data-requests-buttons">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" busy={send.isPending}>
            {t('correction.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
