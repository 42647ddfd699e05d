import { useState, type FormEvent } from 'react';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages } from '../../../lib/i18n.js';
import { useExamFiles } from '../api/get-exam-files.js';
import { useUploadExamFile } from '../api/upload-exam-file.js';
import { useRecordsText } from './format.js';

/** The consultation's exam files: download each one, attach a new one (PDF or image). */
export function ExamFilesSection({ token, newest }: { token: string; newest: string | null }) {
  const { t, formatDateTime } = useRecordsText();
  const messages = useMessages();
  const files = useExamFiles(token);
  const uploadFile = useUploadExamFile();
  const [chosen, setChosen] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) {
      void showAlert(messages.examFileRequired);
      return;
    }
    uploadFile.mutate(
      { token, file: chosen },
      {
        onSuccess: (r) => {
          setChosen(null);
          setInputKey((k) => k + 1);
          void showAlert(translateMessage(r.message));
        },
        onError: (err) => void showAlert(`${messages.examFileUploadFailedPrefix}${messageOf(err, messages.requestFailed)}`),
      },
    );
  };

  return (
    <section className="details-section" aria-labelledby="c-exams">
      <h3 id="c-exams">{t('exams.title')}</h3>
      {files.isPending ? (
        <p>{messages.loading}</p>
      ) : (files.data ?? []).length === 0 ? (
        <p>{newest ? <a href={newest}>{t('exams.downloadNewest')}</a> : messages.unavailable}</p>
      ) : (
        <ul className="records-files">
          {files.data!.map((f) => (
            <li key={f.id}>
              <a href={f.url} target="_blank" rel="noopener">
                {t('exams.download', { name: f.nombre })}
              </a>{' '}
              <span className="records-row-meta">
                {t('exams.uploadedBy', { who: t(`uploader.${f.subido_por}`), date: formatDateTime(f.fecha) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="records-upload" onSubmit={submit}>
        <Field label={t('exams.attach')}>
          {(p) => (
            <input
              key={inputKey}
              {...p}
              type="file"
              accept="application/pdf,image/png,image/jpeg,image/webp"
              onChange={(e) => setChosen(e.currentTarget.files?.[0] ?? null)}
            />
          )}
        </Field>
        <Button type="submit" busy={uploadFile.isPending}>
          {t('exams.upload')}
        </Button>
      </form>
    </section>
  );
}
