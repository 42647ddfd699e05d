import { useState } from 'react';
import { Field } from '../../../components/ui/field.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useDoctorProfile } from '../api/get-doctor-profile.js';
import { useDoctors } from '../api/get-doctors.js';
import { ProfileForm } from './profile-form.js';
import '../doctor-profile.css';

/**
 * /Perfiles_Medicos_Admin: an administrator picks a doctor and corrects the identity printed on
 * their documents; the server audits each change (decision 0041).
 */
export function AdminDoctorProfilesPage() {
  const { t } = useTranslation('doctor-profile');
  const messages = useMessages();
  const doctors = useDoctors();
  const [doctorId, setDoctorId] = useState('');
  return (
    <div className="doctor-profile-page">
      <h1>{t('adminTitle')}</h1>
      <p className="doctor-profile-intro">{t('adminIntro')}</p>
      {doctors.isPending ? (
        <p>{messages.loading}</p>
      ) : doctors.isError ? (
        <p role="alert">{messages.loadFailed}</p>
      ) : (
        <Field label={t('doctor')}>
          {(p) => (
            <select {...p} value={doctorId} onChange={(e) => setDoctorId(e.currentTarget.value)}>
              <option value="">{t('select')}</option>
              {doctors.data.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.nombre} {d.apellido} ({d.correo})
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {doctorId && <AdminProfile doctorId={doctorId} />}
    </div>
  );
}

function AdminProfile({ doctorId }: { doctorId: string }) {
  const { t } = useTranslation('doctor-profile');
  const messages = useMessages();
  const profile = useDoctorProfile(doctorId);
  if (profile.isPending) return <p>{messages.loading}</p>;
  if (profile.isError) return <p role="alert">{messages.loadFailed}</p>;
  return (
    <section aria-label={`${profile.data.nombre} ${profile.data.apellido}`}>
      {!profile.data.completo && <p className="doctor-profile-warning">{t('incompleteTag')}</p>}
      <ProfileForm key={`${doctorId}-${profile.dataUpdatedAt}`} profile={profile.data} doctorId={doctorId} />
    </section>
  );
}
