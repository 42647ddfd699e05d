import { useRef, useState, type FormEvent } from 'react';
import { messages } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { messageOf } from '../../../lib/api-client.js';
import { useUploadChatImage } from '../api/upload-chat-image.js';

/**
 * Images for the doctor: at least one; a file with the name of one already chosen is ignored;
 * one request per file. The server checks each by its content and stores it encrypted.
 */
export function ImageUpload() {
  const [chosen, setChosen] = useState<File[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadChatImage();

  const add = (files: FileList | null) => {
    if (!files) return;
    // A copy: the input's FileList empties when its value is cleared below.
    const picked = Array.from(files);
    setChosen((list) => {
      const next = [...list];
      for (const f of picked) if (!next.some((c) => c.name === f.name)) next.push(f);
      return next;
    });
    if (input.current) input.current.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      void showAlert(messages.selectAtLeastOneImage);
      return;
    }
    try {
      for (const file of chosen) await upload.mutateAsync(file);
      setChosen([]);
      void showAlert(messages.imagesUploaded);
    } catch (error) {
      void showAlert(`${messages.imageUploadFailedPrefix}${messageOf(error, messages.requestFailed)}`);
    }
  };

  return (
    <form className="chat-card image-upload" aria-labelledby="image-upload-title" onSubmit={(e) => void submit(e)}>
      <h2 id="image-upload-title">Subir imágenes</h2>
      <p className="chat-note">Puede enviar al médico fotos de la zona afectada, recetas o resultados (PNG, JPEG o WebP).</p>
      <Field label="Imágenes">
        {(control) => <input {...control} ref={input} type="file" accept="image/png,image/jpeg,image/webp" multiple onChange={(e) => add(e.currentTarget.files)} />}
      </Field>
      {chosen.length > 0 && (
        <ul className="chosen-images" aria-label="Imágenes elegidas">
          {chosen.map((f) => (
            <li key={f.name}>
              {f.name}{' '}
              <Button variant="ghost" onClick={() => setChosen((list) => list.filter((c) => c.name !== f.name))} aria-label={`Quitar ${f.name}`}>
                Quitar
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button type="submit" busy={upload.isPending}>
        Subir imágenes
      </Button>
    </form>
  );
}
