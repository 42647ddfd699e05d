import { useState } from 'react';
import { Link } from '../../../lib/router.js';
import type { GalleryImage } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useDeleteGalleryImage } from '../api/delete-gallery-image.js';
import { useGallery } from '../api/get-gallery.js';
import { ConfirmDelete } from '../../../components/ui/confirm-delete.js';
import '../gallery.css';

/** /Gallery: the gallery's images with their names (docs/spec/staff.md: "a list of images"). */
export function GalleryPage() {
  const { t } = useTranslation('gallery');
  const messages = useMessages();
  const gallery = useGallery();
  const remove = useDeleteGalleryImage();
  const [deleting, setDeleting] = useState<GalleryImage | null>(null);

  const confirmDelete = async (image: GalleryImage) => {
    try {
      const result = await remove.mutateAsync(image.id);
      setDeleting(null);
      await showAlert(translateMessage(result.mensaje));
    } catch (error) {
      setDeleting(null);
      await showAlert(messageOf(error, messages.requestFailed));
    }
  };

  return (
    <div className="gallery-page">
      <h1>{t('galleryPage.title')}</h1>
      <p>
        <Link to="/UploadForm" className="btn btn-primary">
          {t('galleryPage.upload')}
        </Link>
      </p>
      {gallery.isPending ? (
        <p className="gallery-note">{messages.loading}</p>
      ) : gallery.isError ? (
        <p className="gallery-note" role="alert">
          {messages.loadFailed}
        </p>
      ) : gallery.data.length === 0 ? (
        <p className="gallery-empty">{messages.noGalleryImages}</p>
      ) : (
        <ul className="gallery-grid" aria-label={t('galleryPage.listLabel')}>
          {gallery.data.map((image) => (
            <li key={image.id}>
              <figure>
                <img
                  src={image.url}
                  srcSet={`${image.url} 1x, ${image.url_2x} 2x`}
                  width={image.ancho}
                  height={image.alto}
                  alt={image.nombre}
                  loading="lazy"
                  decoding="async"
                />
                <figcaption>{image.nombre}</figcaption>
              </figure>
              <Button variant="danger" onClick={() => setDeleting(image)} aria-label={t('galleryPage.deleteLabel', { name: image.nombre })}>
                {t('galleryPage.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDelete
          name={deleting.nombre}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete(deleting)}
        />
      )}
    </div>
  );
}
