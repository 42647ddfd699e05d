import { useRef, useState, type FormEvent } from 'react';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { messageOf } from '../../../lib/api-client.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useUploadChatImage } from '../api/upload-chat-image.js';

/**
 * Images for the doctor: at least one; a file with the name of one already chosen is ignored;
 * one request per file. The server checks each by its content and stores it encrypted.
 */
export function ImageUpload() {
  const { t } = useTranslation('chat');
  const messages = useMessages();
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
      <h2 id="image-upload-title">{t('images.title')}</h2>
      <p className="chat-note">{t('images.intro')}</p>
      <Field label={t('images.label')}>
        {(control) => <input {...control} ref={input} type="file" accept="image/png,image/jpeg,image/webp" multiple onChange={(e) => add(e.currentTarget.files)} />}
      </Field>
      {chosen.length > 0 && (
        <ul className="chosen-images" aria-label={t('images.chosen')}>
          {chosen.map((f) => (
            <li key={f.name}>
              {f.name}{' '}
              <Button variant="ghost" onClick={() => setChosen((list) => list.filter((c) => c.name !== f.name))} aria-label={t('images.removeLabel', { name: f.name })}>
                {t('images.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button type="submit" busy={upload.isPending}>
        {t('images.send')}
      </Button>
    </form>
  );
}
