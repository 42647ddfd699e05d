import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useDoctorProfile } from '../api/get-doctor-profile.js';
import { ProfileForm } from './profile-form.js';
import '../doctor-profile.css';

/** /Perfil_Admin_Doctor: the doctor's own identity as every document prints it (decision 0041). */
export function DoctorProfilePage() {
  const { t } = useTranslation('doctor-profile');
  const messages = useMessages();
  const profile = useDoctorProfile();
  return (
    <div className="doctor-profile-page">
      <h1>{t('title')}</h1>
      <p className="doctor-profile-intro">{t('intro')}</p>
      {profile.isPending ? (
        <p>{messages.loading}</p>
      ) : profile.isError ? (
        <p role="alert">{messages.loadFailed}</p>
      ) : (
        <ProfileForm key={profile.dataUpdatedAt} profile={profile.data} />
      )}
    </div>
  );
}
