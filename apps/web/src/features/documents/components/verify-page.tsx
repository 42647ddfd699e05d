import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from '../../../lib/router.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { translateMessage, useLanguage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useCompareDocument } from '../api/compare-document.js';
import { useVerifyDocument } from '../api/verify-document.js';
import { formatDateTime } from '@clinica/shared';
import '../documents.css';

/**
 * /verificar-documento?codigo=…: the public check of a document's code (its QR code leads here):
 * whether it was issued, what, by which doctor and when, and whether a file at hand is that very
 * document (same SHA-256). It shows no patient data.
 */
export function VerifyDocumentPage() {
  const { t } = useTranslation('documents');
  const messages = useMessages();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const codigo = (params.get('codigo') ?? '').trim();
  const [typed, setTyped] = useState(codigo);
  const result = useVerifyDocument(codigo);
  const resultTitle = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(typed.trim() ? { codigo: typed.trim() } : {});
  };

  return (
    <div className="documents-page">
      <h1>{t('verify.title')}</h1>
      <p className="documents-intro">
        {t('verify.intro')}
      </p>
      <form className="documents-verify-form" role="search" onSubmit={submit}>
        <Field label={t('verify.code')} hint={t('verify.codeHint')}>
          {(p) => (
            <input {...p} value={typed} maxLength={40} autoComplete="off" autoCapitalize="characters" onChange={(e) => setTyped(e.currentTarget.value)} />
          )}
        </Field>
        <Button type="submit">{t('verify.submit')}</Button>
      </form>

      {codigo !== '' &&
        (result.isPending ? (
          <p>{messages.loading}</p>
        ) : result.isError ? (
          <p role="alert" className="documents-verdict documents-verdict-bad">
            {result.error instanceof ApiError && result.error.status === 404 ? messages.documentNotIssued : messageOf(result.error, messages.loadFailed)}
          </p>
        ) : (
          <section aria-labelledby={resultTitle} className={`documents-verdict ${result.data.anulado ? 'documents-verdict-bad' : 'documents-verdict-ok'}`}>
            <h2 id={resultTitle}>{result.data.anulado ? t('verify.annulled') : t('verify.issued')}</h2>
            {result.data.anulado && <p className="documents-annulled-note">{t('verify.annulledNote')}</p>}
            <dl className="documents-details">
              {result.data.numero && (
                <div>
                  <dt>{t('verify.number')}</dt>
                  <dd className="documents-code">{result.data.numero}</dd>
                </div>
              )}
              <div>
                <dt>{t('verify.document')}</dt>
                <dd>{t(`titles.${result.data.tipo}`)}</dd>
              </div>
              <div>
                <dt>{t('verify.doctor')}</dt>
                <dd>{result.data.doctor}</dd>
              </div>
              <div>
                <dt>{t('verify.date')}</dt>
                <dd>{formatDateTime(result.data.fecha, language)}</dd>
              </div>
              <div>
                <dt>{t('verify.codeTerm')}</dt>
                <dd className="documents-code">{result.data.codigo}</dd>
              </div>
              {result.data.anulado && (
                <>
                  <div>
                    <dt>{t('verify.annulledOn')}</dt>
                    <dd>{formatDateTime(result.data.anulado.fecha, language)}</dd>
                  </div>
                  <div>
                    <dt>{t('verify.annulReason')}</dt>
                    <dd>{result.data.anulado.motivo}</dd>
                  </div>
                </>
              )}
              {result.data.reemplazadoPor && (
                <div>
                  <dt>{t('verify.replacedBy')}</dt>
                  <dd className="documents-code">{result.data.reemplazadoPor}</dd>
                </div>
              )}
              {result.data.reemplazaA && (
                <div>
                  <dt>{t('verify.replaces')}</dt>
                  <dd className="documents-code">{result.data.reemplazaA}</dd>
                </div>
              )}
            </dl>
            <CompareFile codigo={result.data.codigo} />
          </section>
        ))}
    </div>
  );
}

/** Uploads a file to compare with the issued document (same SHA-256 or not). */
function CompareFile({ codigo }: { codigo: string }) {
  const { t } = useTranslation('documents');
  const messages = useMessages();
  const compare = useCompareDocument();
  const [file, setFile] = useState<File | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setError(messages.verificationFileRequired);
      return;
    }
    setError(undefined);
    compare.mutate({ codigo, archivo: file });
  };
  return (
    <form className="documents-compare" onSubmit={submit} noValidate>
      <h3>{t('verify.compareTitle')}</h3>
      <p className="documents-note">{t('verify.compareNote')}</p>
      <Field label={t('verify.file')} error={error}>
        {(p) => <input {...p} type="file" accept="application/pdf,.pdf" onChange={(e) => setFile(e.currentTarget.files?.[0])} />}
      </Field>
      <Button type="submit" variant="secondary" busy={compare.isPending}>
        {t('verify.compare')}
      </Button>
      <p role="status" className={compare.data ? (compare.data.coincide ? 'documents-match' : 'documents-mismatch') : undefined}>
        {(compare.data && translateMessage(compare.data.message)) ?? (compare.isError ? messageOf(compare.error, messages.loadFailed) : '')}
      </p>
    </form>
  );
}
