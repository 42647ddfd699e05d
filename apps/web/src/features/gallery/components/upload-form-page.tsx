import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from '../../../lib/router.js';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { messageOf } from '../../../lib/api-client.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useUploadGalleryImage } from '../api/upload-gallery-image.js';
import { addChosenFiles } from '../hooks/choose-files.js';
import '../gallery.css';

/**
 * /UploadForm: choose several images (a name already chosen is ignored), then send them, one
 * request per file. 'Imágenes subidas con éxito.' or 'Error al subir las imágenes: ' + the reason;
 * files already sent leave the list, so a retry sends only the rest.
 */
export function UploadFormPage() {
  const { t } = useTranslation('gallery');
  const messages = useMessages();
  const [files, setFiles] = useState<File[]>([]);
  const [ignored, setIgnored] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const upload = useUploadGalleryImage();

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const result = addChosenFiles(files, e.target.files ?? []);
    setFiles(result.files);
    setIgnored(result.ignored);
    // Lets the same file be picked again (and be reported as a duplicate).
    e.target.value = '';
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (files.length === 0) {
      await showAlert(messages.selectAtLeastOneImage);
      return;
    }
    setSending(true);
    let remaining = files;
    try {
      for (const file of files) {
        await upload.mutateAsync(file);
        remaining = remaining.filter((f) => f !== file);
      }
      setFiles([]);
      setIgnored([]);
      setSending(false);
      await showAlert(messages.imagesUploaded);
    } catch (error) {
      setFiles(remaining);
      setSending(false);
      await showAlert(messages.imageUploadFailedPrefix + messageOf(error, messages.requestFailed));
    }
  };

  return (
    <div className="gallery-page">
      <h1>{t('uploadPage.title')}</h1>
      <form className="gallery-card" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field label={t('uploadPage.images')} hint={t('uploadPage.hint')}>
          {(p) => <input {...p} type="file" multiple accept="image/png,image/jpeg,image/webp" onChange={onPick} />}
        </Field>
        {ignored.length > 0 && (
          <p className="gallery-notice" role="status">
            {messages.duplicateFileIgnored}
            {ignored.join(', ')}
          </p>
        )}
        {files.length > 0 && (
          <ul className="gallery-chosen" aria-label={t('uploadPage.chosen')}>
            {files.map((file) => (
              <li key={file.name}>
                <span>{file.name}</span>
                <Button
                  variant="ghost"
                  disabled={sending}
                  onClick={() => setFiles(files.filter((f) => f !== file))}
                  aria-label={t('uploadPage.removeLabel', { name: file.name })}
                >
                  {t('uploadPage.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Button type="submit" busy={sending}>
          {t('uploadPage.submit')}
        </Button>
      </form>
      <p>
        <Link to="/Gallery">{t('uploadPage.viewGallery')}</Link>
      </p>
    </div>
  );
}
