import { messages } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { StoredImage } from '../../../components/ui/stored-image.js';
import { useDownloadExport } from '../api/download-export.js';
import { useProfile } from '../api/get-profile.js';
import { Details } from './details.js';
import '../../../components/ui/list.css';
import '../records.css';

/** /Usuarios: the patient's profile, read-only, their ID-card image and the download of all their data. */
export function UsuariosPage() {
  const profile = useProfile();
  const exportData = useDownloadExport();
  return (
    <div className="records-page">
      <h1>Mi perfil</h1>
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
              ['Nombre', profile.data.nombre],
              ['Apellido', profile.data.apellido],
              ['Edad', profile.data.edad],
              ['Género', profile.data.genero],
              ['Nacionalidad', profile.data.nacionalidad],
              ['Cédula', profile.data.cedula],
              ['Dirección', profile.data.direccion],
              ['Celular', profile.data.celular],
              ['Correo', profile.data.correo],
            ]}
          />
          <section className="details-section" aria-labelledby="perfil-cedula">
            <h3 id="perfil-cedula">Imagen de la cédula</h3>
            {profile.data.url_img_cedula ? (
              <StoredImage url={profile.data.url_img_cedula} alt="imagen de la cédula" width={220} />
            ) : (
              <p>{messages.unavailable}</p>
            )}
          </section>
          <section className="details-section" aria-labelledby="perfil-datos">
            <h3 id="perfil-datos">Sus datos personales</h3>
            <p>
              Según la Ley 81 de 2019 puede obtener una copia de todos los datos que la clínica guarda sobre usted (perfil, consultas, pagos,
              sugerencias, documentos y quién accedió a ellos) en un solo archivo.
            </p>
            <div className="records-actions">
              <Button
                variant="secondary"
                busy={exportData.isPending}
                onClick={() => exportData.mutate(undefined, { onError: () => void showAlert(messages.exportFailed) })}
              >
                Descargar todos mis datos
              </Button>
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
