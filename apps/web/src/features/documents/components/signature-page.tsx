import { useId, useRef, useState } from 'react';
import { Link } from '../../../lib/router.js';
import { DOCUMENT_PAGES, DOCUMENT_TYPES } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useDocumentProfile } from '../api/get-document-profile.js';
import { useSaveDocumentProfile } from '../api/save-document-profile.js';
import { SignaturePad, type SignaturePadApi } from './signature-pad.js';
import '../documents.css';

/**
 * /Firma_Admin_Doctor: the doctor draws their signature once (or uploads a PNG of it); it is
 * printed on every document they generate. The name, title and registration number printed
 * beside it come from the doctor's profile (/Perfil_Admin_Doctor, decision 0041).
 */
export function SignaturePage() {
  const messages = useMessages();
  const profile = useDocumentProfile();
  if (profile.isPending) return <p className="documents-page">{messages.loading}</p>;
  return <SignatureForm key={profile.dataUpdatedAt} profile={profile.data} version={profile.dataUpdatedAt} />;
}

function SignatureForm({ profile, version }: { profile: ReturnType<typeof useDocumentProfile>['data']; version: number }) {
  const { t } = useTranslation('documents');
  const messages = useMessages();
  const save = useSaveDocumentProfile();
  const pad = useRef<SignaturePadApi>(null);
  const [hasInk, setHasInk] = useState(false);
  const [file, setFile] = useState<File | undefined>(undefined);
  const [signatureError, setSignatureError] = useState<string | undefined>(undefined);
  const padLabel = useId();

  const submit = async () => {
    setSignatureError(undefined);
    const drawn = hasInk ? await pad.current?.toBlob() : null;
    const firma = drawn ?? file;
    if (!firma && !profile?.hasSignature) {
      setSignatureError(messages.signatureRequired);
      return;
    }
    try {
      const result = await save.mutateAsync({ firma });
      pad.current?.clear();
      await showAlert(translateMessage(result.message));
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.errors.firma) setSignatureError(error.errors.firma);
      }
      await showAlert(messageOf(error, messages.serverError));
    }
  };

  return (
    <div className="documents-page">
      <h1>{t('signature.title')}</h1>
      <p className="documents-intro">
        {t('signature.intro')}
      </p>
      <p className="documents-note">
        <Link to="/Perfil_Admin_Doctor">{t('signature.profileLink')}</Link>
      </p>
      <form
        className="documents-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >

        <fieldset className="documents-fieldset">
          <legend>{t('signature.legend')}</legend>
          {profile?.hasSignature && (
            <div className="documents-signature-row">
              <img src={`/api/doctor/documents/profile/signature?v=${version}`} alt={t('signature.savedAlt')} className="documents-signature-img" />
              <span className="documents-note">{t('signature.saved')}</span>
            </div>
          )}
          <p id={padLabel} className="documents-note">
            {t('signature.padLabel')}
          </p>
          <SignaturePad
            ref={pad}
            labelledBy={padLabel}
            onChange={(ink) => {
              setHasInk(ink);
              if (ink) setSignatureError(undefined);
            }}
          />
          <Field label={t('signature.upload')} hint={t('signature.uploadHint')} error={signatureError && translateMessage(signatureError)}>
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
          {t('signature.save')}
        </Button>
      </form>

      <nav aria-label={t('signature.navLabel')} className="documents-links">
        <h2>{t('signature.navTitle')}</h2>
        <ul>
          {DOCUMENT_TYPES.map((tipo) => (
            <li key={tipo}>
              <Link to={DOCUMENT_PAGES[tipo]}>{t(`titles.${tipo}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
