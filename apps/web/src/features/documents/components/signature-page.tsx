import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import {
  DOCUMENT_PAGES,
  DOCUMENT_TITLES,
  DOCUMENT_TYPES,
  doctorDocumentProfileInputSchema,
  messages,
  type DoctorDocumentProfileInput,
} from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { useDocumentProfile } from '../api/get-document-profile.js';
import { useSaveDocumentProfile } from '../api/save-document-profile.js';
import { SignaturePad, type SignaturePadApi } from './signature-pad.js';
import '../documents.css';

type ProfileOutput = { regNumber: string; doctorCode: string };

/**
 * /Firma_Admin_Doctor: the doctor draws their signature once (or uploads a PNG of it) and gives
 * the registration number; both are printed on every document they generate.
 */
export function SignaturePage() {
  const profile = useDocumentProfile();
  if (profile.isPending) return <p className="documents-page">{messages.loading}</p>;
  return <SignatureForm key={profile.dataUpdatedAt} profile={profile.data} version={profile.dataUpdatedAt} />;
}

function SignatureForm({ profile, version }: { profile: ReturnType<typeof useDocumentProfile>['data']; version: number }) {
  const save = useSaveDocumentProfile();
  const pad = useRef<SignaturePadApi>(null);
  const [hasInk, setHasInk] = useState(false);
  const [file, setFile] = useState<File | undefined>(undefined);
  const [signatureError, setSignatureError] = useState<string | undefined>(undefined);
  const padLabel = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DoctorDocumentProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(doctorDocumentProfileInputSchema),
    defaultValues: { regNumber: profile?.regNumber ?? '', doctorCode: profile?.doctorCode ?? '' },
  });

  const submit = async (values: ProfileOutput) => {
    setSignatureError(undefined);
    const drawn = hasInk ? await pad.current?.toBlob() : null;
    const firma = drawn ?? file;
    if (!firma && !profile?.hasSignature) {
      setSignatureError(messages.signatureRequired);
      return;
    }
    try {
      const result = await save.mutateAsync({ ...values, firma });
      pad.current?.clear();
      await showAlert(result.message);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.errors.firma) setSignatureError(error.errors.firma);
        if (error.errors.regNumber) setError('regNumber', { type: 'server', message: error.errors.regNumber });
      }
      await showAlert(messageOf(error, messages.serverError));
    }
  };

  return (
    <div className="documents-page">
      <h1>Firma del médico</h1>
      <p className="documents-intro">
        Su firma y su número de registro se imprimen en todos los documentos que genere. Dibújela una vez; puede cambiarla cuando
        quiera. Los documentos ya generados conservan la firma con la que se emitieron.
      </p>
      <form className="documents-form" noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
        <div className="documents-grid">
          <Field label="Número de registro" error={errors.regNumber?.message} required>
            {(p) => <input {...p} maxLength={50} autoComplete="off" {...register('regNumber')} />}
          </Field>
          <Field label="Código del médico" error={errors.doctorCode?.message}>
            {(p) => <input {...p} maxLength={50} autoComplete="off" {...register('doctorCode')} />}
          </Field>
        </div>

        <fieldset className="documents-fieldset">
          <legend>Firma</legend>
          {profile?.hasSignature && (
            <div className="documents-signature-row">
              <img src={`/api/doctor/documents/profile/signature?v=${version}`} alt="Su firma guardada" className="documents-signature-img" />
              <span className="documents-note">Firma guardada. Dibuje una nueva solo si desea cambiarla.</span>
            </div>
          )}
          <p id={padLabel} className="documents-note">
            Recuadro de firma: dibuje su firma con el ratón, el dedo o un lápiz.
          </p>
          <SignaturePad
            ref={pad}
            labelledBy={padLabel}
            onChange={(ink) => {
              setHasInk(ink);
              if (ink) setSignatureError(undefined);
            }}
          />
          <Field label="O suba una imagen PNG de su firma" hint="Fondo blanco o transparente, hasta 10 MB." error={signatureError}>
            {(p) => (
              <input
                {...p}
                type="file"
                accept="image/png"
                onChange={(e) => {
                  setFile(e.currentTarget.files?.[0]);
                  setSignatureError(undefined);
                }}
              />
            )}
          </Field>
        </fieldset>

        <Button type="submit" busy={save.isPending} className="documents-submit">
          Guardar firma
        </Button>
      </form>

      <nav aria-label="Documentos médicos" className="documents-links">
        <h2>Documentos</h2>
        <ul>
          {DOCUMENT_TYPES.map((t) => (
            <li key={t}>
              <Link to={DOCUMENT_PAGES[t]}>{DOCUMENT_TITLES[t]}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
