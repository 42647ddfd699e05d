import { Link } from '../../../lib/router.js';
import { VERIFICATION_PAGE } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { rich } from '../../../components/ui/rich-text.js';
import { messageOf } from '../../../lib/api-client.js';
import { useLanguage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useDownloadPatientDocument } from '../api/download-patient-document.js';
import { usePatientDocuments } from '../api/get-patient-documents.js';
import { saveFile } from '../api/pdf-request.js';
import { formatDateTime } from '@clinica/shared';
import '../documents.css';

/** /Documentos_usuario: the medical documents bound to this patient's account. */
export function PatientDocumentsPage() {
  const { t } = useTranslation('documents');
  const messages = useMessages();
  const language = useLanguage();
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
      <h1>{t('patientPage.title')}</h1>
      <p className="documents-intro">
        {rich(t('patientPage.intro'), { verify: (c) => <Link to={VERIFICATION_PAGE}>{c}</Link> })}
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
            <li key={d.id} className={d.anulado ? 'documents-card documents-card-annulled' : 'documents-card'}>
              <div>
                <p className="documents-card-title">
                  {t(`titles.${d.tipo}`)}
                  {d.numero && <span className="documents-code"> · {t('patientPage.number')} {d.numero}</span>}
                  {d.anulado && <strong className="documents-annulled"> · {t('patientPage.annulled')}</strong>}
                </p>
                <p className="documents-card-meta">
                  {formatDateTime(d.created_at, language)} · {d.doctor} · {t('patientPage.code')} <span className="documents-code">{d.codigo}</span>
                </p>
                {d.anulado && (
                  <p className="documents-card-meta">
                    {t('patientPage.annulledOn', { date: formatDateTime(d.anulado.fecha, language), motivo: d.anulado.motivo })}
                    {d.reemplazadoPor && ` ${t('patientPage.replacedBy', { numero: d.reemplazadoPor })}`}
                  </p>
                )}
                {d.reemplazaA && <p className="documents-card-meta">{t('patientPage.replaces', { numero: d.reemplazaA })}</p>}
              </div>
              {d.disponible ? (
                <Button variant="secondary" onClick={() => void onDownload(d.id)} aria-label={t('patientPage.downloadLabel', { title: t(`titles.${d.tipo}`), date: formatDateTime(d.created_at, language) })}
                >
                  {t('patientPage.download')}
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
