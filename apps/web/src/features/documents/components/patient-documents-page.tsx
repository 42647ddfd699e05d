import { Link } from 'react-router';
import { VERIFICATION_PAGE, messages } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { useDownloadPatientDocument } from '../api/download-patient-document.js';
import { usePatientDocuments } from '../api/get-patient-documents.js';
import { saveFile } from '../api/pdf-request.js';
import { formatDateTime } from './format.js';
import '../documents.css';

/** /Documentos_usuario: the medical documents doctors generated for this patient's e-mail. */
export function PatientDocumentsPage() {
  const documents = usePatientDocuments();
  const download = useDownloadPatientDocument();

  const onDownload = async (id: string) => {
    try {
      saveFile(await download.mutateAsync(id));
    } catch (error) {
      await showAlert(messageOf(error, messages.loadFailed));
    }
  };

  return (
    <div className="documents-page">
      <h1>Mis documentos médicos</h1>
      <p className="documents-intro">
        Certificados, recetas, solicitudes de exámenes, referencias e historias clínicas que sus médicos emitieron a su correo.
        Cada documento lleva un código que cualquiera puede comprobar en <Link to={VERIFICATION_PAGE}>Verificar un documento</Link>.
      </p>
      {documents.isPending ? (
        <p>{messages.loading}</p>
      ) : documents.isError ? (
        <p role="alert" className="documents-error">
          {messages.loadFailed}
        </p>
      ) : documents.data.length === 0 ? (
        <p>{messages.noTableData}</p>
      ) : (
        <ul className="documents-cards">
          {documents.data.map((d) => (
            <li key={d.id} className="documents-card">
              <div>
                <p className="documents-card-title">{d.titulo}</p>
                <p className="documents-card-meta">
                  {formatDateTime(d.created_at)} · {d.doctor} · Código <span className="documents-code">{d.codigo}</span>
                </p>
              </div>
              {d.disponible ? (
                <Button variant="secondary" onClick={() => void onDownload(d.id)} aria-label={`Descargar ${d.titulo} del ${formatDateTime(d.created_at)}`}>
                  Descargar
                </Button>
              ) : (
                <span>{messages.unavailable}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
