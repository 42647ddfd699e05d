import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.js';

/** The embed address with autoplay on: the player is created by the visitor's own click. */
function playerSrc(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') return undefined;
    parsed.searchParams.set('autoplay', '1');
    return parsed.toString();
  } catch {
    return undefined;
  }
}

/**
 * A video that contacts its host only after a click: until then a poster button, so a visit
 * to the home page sends nothing to the video platform.
 */
export function VideoEmbed({ url, title, position }: { url: string; title: string; position: string }) {
  const { t } = useTranslation('site');
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const src = playerSrc(url);

  // The button the visitor pressed disappears; keep keyboard focus on what replaced it.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  if (!src) return null;
  return (
    <div className="site-video">
      {playing ? (
        <iframe
          ref={frame}
          src={src}
          title={title}
          width={560}
          height={315}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      ) : (
        <button type="button" className="site-video-poster" onClick={() => setPlaying(true)}>
          <svg aria-hidden="true" focusable="false" width={56} height={56} viewBox="0 0 56 56">
            <circle cx="28" cy="28" r="27" fill="currentColor" opacity="0.9" />
            <path d="M22 17 L41 28 L22 39 Z" fill="#0b2a5b" />
          </svg>
          <span>
            {t('video.watch')}<span className="site-visually-hidden"> {position}</span>
          </span>
        </button>
      )}
    </div>
  );
}
