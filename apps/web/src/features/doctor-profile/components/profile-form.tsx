import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '../../../lib/router.js';
import {
  DOCTOR_SEXES,
  doctorProfileInputSchema,
  doctorSignedName,
  type DoctorProfile,
  type DoctorProfileData,
  type DoctorProfileInput,
} from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useSaveDoctorProfile } from '../api/save-doctor-profile.js';

const FIELDS = ['nombreCompleto', 'sexo', 'especialidad', 'regNumber', 'doctorCode'] as const;

/**
 * The doctor's identity as documents print it: full name, sex (the title Dr./Dra.), speciality,
 * registration number and optional code. The same form for the doctor and for an administrator
 * (`doctorId`); the server checks the same schema and audits every save.
 */
export function ProfileForm({ profile, doctorId }: { profile: DoctorProfile; doctorId?: string | undefined }) {
  const { t } = useTranslation('doctor-profile');
  const messages = useMessages();
  const save = useSaveDoctorProfile();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<DoctorProfileInput, unknown, DoctorProfileData>({
    resolver: zodResolver(doctorProfileInputSchema),
    defaultValues: {
      nombreCompleto: profile.nombreCompleto || `${profile.nombre} ${profile.apellido}`,
      sexo: profile.sexo,
      especialidad: profile.especialidad,
      regNumber: profile.regNumber,
      doctorCode: profile.doctorCode,
    },
  });
  const [nombre, sexo] = useWatch({ control, name: ['nombreCompleto', 'sexo'] });

  const submit = async (values: DoctorProfileData) => {
    try {
      const result = await save.mutateAsync({ doctorId, values });
      await showAlert(translateMessage(result.message));
    } catch (error) {
      if (error instanceof ApiError) {
        for (const name of FIELDS) {
          const message = error.errors[name];
          if (message) setError(name, { type: 'server', message });
        }
      }
      await showAlert(messageOf(error, messages.serverError));
    }
  };

  return (
    <form className="doctor-profile-form" noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
      <Field label={t('nombreCompleto')} error={errors.nombreCompleto?.message} required>
        {(p) => <input {...p} maxLength={150} autoComplete="name" {...register('nombreCompleto')} />}
      </Field>
      <Field label={t('sexo')} hint={t('sexoHint')} error={errors.sexo?.message} required>
        {(p) => (
          <select {...p} {...register('sexo')}>
            <option value="">{t('select')}</option>
            {DOCTOR_SEXES.map((s) => (
              <option key={s} value={s}>
                {t(s === 'Mujer' ? 'mujer' : 'hombre')}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('especialidad')} error={errors.especialidad?.message} required>
        {(p) => <input {...p} maxLength={100} autoComplete="off" {...register('especialidad')} />}
      </Field>
      <Field label={t('regNumber')} error={errors.regNumber?.message} required>
        {(p) => <input {...p} maxLength={50} autoComplete="off" {...register('regNumber')} />}
      </Field>
      <Field label={t('doctorCode')} error={errors.doctorCode?.message}>
        {(p) => <input {...p} maxLength={50} autoComplete="off" {...register('doctorCode')} />}
      </Field>
      <p className="doctor-profile-preview" aria-live="polite">
        {nombre && sexo ? t('signsAs', { name: doctorSignedName({ sexo, nombreCompleto: nombre }) }) : ''}
      </p>
      {profile.completo && <p className="doctor-profile-ok">{t('complete')}</p>}
      {!doctorId && !profile.hasSignature && (
        <p className="doctor-profile-warning">
          {t('noSignature')} <Link to="/Firma_Admin_Doctor">{t('goToSignature')}</Link>
        </p>
      )}
      <Button type="submit" busy={save.isPending}>
        {t('save')}
      </Button>
    </form>
  );
}
