import { useState, type FormEvent } from 'react';
import { messages } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { messageOf } from '../../../lib/api-client.js';
import { useExamFiles } from '../api/get-exam-files.js';
import { useUploadExamFile } from '../api/upload-exam-file.js';
import { UPLOADER_LABELS, formatDateTime } from './format.js';

/** The consultation's exam files: download each one, attach a new one (PDF or image). */
export function ExamFilesSection({ token, newest }: { token: string; newest: string | null }) {
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
          void showAlert(r.message);
        },
        onError: (err) => void showAlert(`${messages.examFileUploadFailedPrefix}${messageOf(err, messages.requestFailed)}`),
      },
    );
  };

  return (
    <section className="details-section" aria-labelledby="c-exams">
      <h3 id="c-exams">Archivo de exámenes</h3>
      {files.isPending ? (
        <p>{messages.loading}</p>
      ) : (files.data ?? []).length === 0 ? (
        <p>{newest ? <a href={newest}>Descargar archivo de exámenes</a> : messages.unavailable}</p>
      ) : (
        <ul className="records-files">
          {files.data!.map((f) => (
            <li key={f.id}>
              <a href={f.url} target="_blank" rel="noopener">
                Descargar {f.nombre}
              </a>{' '}
              <span className="records-row-meta">
                (subido por {UPLOADER_LABELS[f.subido_por]}, {formatDateTime(f.fecha)})
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="records-upload" onSubmit={submit}>
        <Field label="Adjuntar resultados de exámenes (PDF o imagen)">
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
          Subir archivo
        </Button>
      </form>
    </section>
  );
}
