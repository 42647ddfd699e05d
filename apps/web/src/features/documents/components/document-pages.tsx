import { useId } from 'react';
import { DOCUMENT_TITLES, messages, type DocumentType } from '@clinica/shared';
import { useDocumentProfile } from '../api/get-document-profile.js';
import { useDocuments } from '../api/get-documents.js';
import { DocumentForm } from './document-form.js';
import { DocumentsTable } from './documents-table.js';
import '../documents.css';

const INTRO: Record<DocumentType, string> = {
  'certificado-salud': 'Certifica que el paciente se encuentra en buen estado de salud.',
  'solicitud-examenes': 'Indica los exámenes de laboratorio o de imagen que debe realizarse el paciente.',
  'historia-clinica': 'Registro completo de la consulta: datos del paciente, nota subjetiva y objetiva, signos vitales, análisis y plan.',
  'referencia-medica': 'Refiere al paciente a otra especialidad con su historia, signos vitales, examen físico y hallazgos.',
  recetario: 'Receta con los medicamentos y sus indicaciones.',
  'certificado-incapacidad': 'Certifica los días de incapacidad del paciente, con su inicio y su final.',
};

/** A document page: its form ('Generar PDF') and the table of files this doctor generated. */
function DocumentPage({ tipo }: { tipo: DocumentType }) {
  const profile = useDocumentProfile();
  const documents = useDocuments(tipo);
  const tableTitle = useId();
  const knownEmails = [...new Set((documents.data ?? []).map((d) => d.correoPaciente))];
  return (
    <div className="documents-page">
      <h1>{DOCUMENT_TITLES[tipo]}</h1>
      <p className="documents-intro">{INTRO[tipo]}</p>
      {profile.isPending ? (
        <p>{messages.loading}</p>
      ) : (
        // Remounted only when the doctor's data changes, so the defaults carry it.
        <DocumentForm
          key={`${profile.data?.nombre}|${profile.data?.regNumber}|${profile.data?.doctorCode}|${profile.data?.hasSignature}`}
          tipo={tipo}
          profile={profile.data}
          signatureVersion={profile.dataUpdatedAt}
          knownEmails={knownEmails}
        />
      )}
      <section aria-labelledby={tableTitle} className="documents-list">
        <h2 id={tableTitle}>Documentos generados</h2>
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
