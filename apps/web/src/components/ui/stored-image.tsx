import { useState } from 'react';
import { useFrameMessages, useTranslation } from '../../lib/i18n.js';
import './list.css';

/**
 * An image served by an authorised endpoint, shown at `width` px with a link to open it; when it
 * cannot load, the specification's 'No se pudo cargar la imagen del enlace.'.
 */
export function StoredImage({ url, alt, width = 150 }: { url: string; alt: string; width?: number }) {
  const [failed, setFailed] = useState(false);
  const { t } = useTranslation('ui');
  const messages = useFrameMessages();
  return (
    <span className="stored-image">
      {failed ? (
        <span role="alert" className="list-error">
          {messages.imageLinkFailed}
        </span>
      ) : (
        <img src={url} alt={alt} width={width} onError={() => setFailed(true)} />
      )}
      <a href={url} target="_blank" rel="noopener">
        {t('storedImage.open', { alt })}
      </a>
    </span>
  );
}
