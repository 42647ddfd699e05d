import type { ComponentType } from 'react';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { StoredImage } from '../../../components/ui/stored-image.js';
import { useMessages } from '../../../lib/i18n.js';
import { useDownloadExport } from '../api/download-export.js';
import { useProfile } from '../api/get-profile.js';
import { Details } from '../../../components/ui/details.js';
import { useRecordsText } from './format.js';
import '../../../components/ui/list.css';
import '../records.css';

/**
 * /Usuarios: the patient's profile, read-only, their ID-card image and the download of all their
 * data. `RightsArea`: another feature's part shown below the download (the correction and closing
 * requests, composed in app/composed/profile-page.tsx).
 */
export function UsuariosPage({ RightsArea }: { RightsArea?: ComponentType } = {}) {
  const { t } = useRecordsText();
  const messages = useMessages();
  const profile = useProfile();
  const exportData = useDownloadExport();
  return (
    <div className="records-page">
      <h1>{t('profile.title')}</h1>
      {profile.isPending ? (
        <p>{messages.loading}</p>
      ) : profile.isError ? (
        <p role="alert" className="list-error">
          {messages.profileFailed}
        </p>
      ) : (
        <div className="records-card">
          <Details
            items={[
              [t('profile.name'), profile.data.nombre],
              [t('profile.lastName'), profile.data.apellido],
              [t('profile.age'), profile.data.edad],
              [t('profile.gender'), profile.data.genero],
              [t('profile.nationality'), profile.data.nacionalidad],
              [t('profile.idNumber'), profile.data.cedula],
              [t('profile.address'), profile.data.direccion],
              [t('profile.phone'), profile.data.celular],
              [t('profile.email'), profile.data.correo],
            ]}
          />
          <section className="details-section" aria-labelledby="perfil-cedula">
            <h3 id="perfil-cedula">{t('profile.idImage')}</h3>
            {profile.data.url_img_cedula ? (
              <StoredImage url={profile.data.url_img_cedula} alt={t('profile.idImageAlt')} width={220} />
            ) : (
              <p>{messages.unavailable}</p>
            )}
          </section>
          <section className="details-section" aria-labelledby="perfil-datos">
            <h3 id="perfil-datos">{t('profile.personalData')}</h3>
            <p>{t('profile.law')}</p>
            <div className="records-actions">
              <Button
                variant="secondary"
                busy={exportData.isPending}
                onClick={() => exportData.mutate(undefined, { onError: () => void showAlert(messages.exportFailed) })}
              >
                {t('profile.download')}
              </Button>
            </div>
          </section>
          {RightsArea && <RightsArea />}
        </div>
      )}
    </div>
  );
}
