import { useState } from 'react';
import { useMessages, useTranslation } from '../../../lib/i18n.js';

const IMAGE_NAME = /\.(png|jpe?g|webp)$/i;

/**
 * A stored file of a consultation or payment: a 150 px preview when it is an image, and a link
 * that opens it in a new tab. A preview that fails says so ('No se pudo cargar la imagen del enlace.').
 */
export function ImageLink({ url, nombre }: { url: string; nombre: string }) {
  const { t } = useTranslation('staff-review');
  const messages = useMessages();
  const [failed, setFailed] = useState(false);
  const image = IMAGE_NAME.test(nombre);
  return (
    <span className="review-file">
      {image && !failed && <img src={url} alt={nombre} width={150} className="review-thumb" onError={() => setFailed(true)} />}
      {image && failed && <span className="review-error">{messages.imageLinkFailed}</span>}
      <a href={url} target="_blank" rel="noopener">
        {t('file.view', { name: nombre })}
      </a>
    </span>
  );
}
