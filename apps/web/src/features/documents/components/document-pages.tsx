import { useId } from 'react';
import { useSearchParams } from '../../../lib/router.js';
import type { DocumentType } from '@clinica/shared';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useDocumentProfile } from '../api/get-document-profile.js';
import { useDocuments } from '../api/get-documents.js';
import { DocumentForm } from './document-form.js';
import { DocumentsTable } from './documents-table.js';
import '../documents.css';


/** A document page: its form ('Generar PDF') and the table of files this doctor generated. */
function DocumentPage({ tipo }: { tipo: DocumentType }) {
  const { t } = useTranslation('documents');
  const messages = useMessages();
  const profile = useDocumentProfile();
  const documents = useDocuments(tipo);
  const tableTitle = useId();
  // 'Reemplazar' in the table opens this page with the annulled document (decision 0041).
  const [params] = useSearchParams();
  const replacing = params.get('reemplaza')
    ? { id: params.get('reemplaza')!, numero: params.get('numero') ?? '', pacienteId: params.get('paciente') ?? undefined }
    : undefined;
  const knownEmails = [...new Set((documents.data ?? []).map((d) => d.correoPaciente))];
  return (
    <div className="documents-page">
      <h1>{t(`titles.${tipo}`)}</h1>
      <p className="documents-intro">{t(`intro.${tipo}`)}</p>
      {profile.isPending ? (
        <p>{messages.loading}</p>
      ) : (
        // Remounted only when the doctor's data changes, so the defaults carry it.
        <DocumentForm
          key={`${profile.data?.nombreCompleto}|${profile.data?.sexo}|${profile.data?.regNumber}|${profile.data?.doctorCode}|${profile.data?.hasSignature}|${replacing?.id ?? ''}`}
          tipo={tipo}
          replacing={replacing}
          profile={profile.data}
          signatureVersion={profile.dataUpdatedAt}
          knownEmails={knownEmails}
        />
      )}
      <section aria-labelledby={tableTitle} className="documents-list">
        <h2 id={tableTitle}>{t('page.generated')}</h2>
        <DocumentsTable tipo={tipo} />
      </section>
    </div>
  );
}

/** /Certif_Salud */
export const CertifSaludPage = () => <DocumentPage tipo="certificado-salud" />;
/** /Solic_Examenes */
export const SolicExamenesPage = () => <DocumentPage tipo="solicitud-examenes" />;
/** /HistoriaClinica */
export const HistoriaClinicaPage = () => <DocumentPage tipo="historia-clinica" />;
/** /RefMedicas */
export const RefMedicasPage = () => <DocumentPage tipo="referencia-medica" />;
/** /Recetarios */
export const RecetariosPage = () => <DocumentPage tipo="recetario" />;
/** /CertificadoIncapacidad */
export const CertificadoIncapacidadPage = () => <DocumentPage tipo="certificado-incapacidad" />;
