import { useId } from 'react';
import type { NewsItem } from '@clinica/shared';
import { useLanguage, useTranslation } from '../../../lib/i18n.js';
import { useCarousel } from '../hooks/use-carousel.js';
import { formatDate } from '@clinica/shared';

/**
 * The news carousel of /noticias: one news item at a time, previous and next buttons that wrap
 * around at both ends, arrow keys when it has the focus, a swipe on touch screens. Built on the
 * WAI-ARIA carousel pattern (a region with aria-roledescription, labelled slides, a live text).
 * Staff text is rendered as text: React escapes it, nothing written by staff is parsed as HTML.
 */
export function NewsCarousel({ items }: { items: NewsItem[] }) {
  const { t } = useTranslation('news');
  const language = useLanguage();
  const { index, dragOffset, previous, next, go, handlers } = useCarousel(items.length);
  const titleId = useId();
  const statusId = useId();
  const current = items[index];
  if (!current) return null;
  const many = items.length > 1;

  return (
    <section
      className="news-carousel"
      aria-roledescription={t('carousel.roleDescription')}
      aria-labelledby={titleId}
      aria-describedby={statusId}
      tabIndex={0}
      onKeyDown={handlers.onKeyDown}
    >
      <h2 id={titleId} className="visually-hidden">
        {t('carousel.heading')}
      </h2>
      <div
        className="news-viewport"
        onPointerDown={handlers.onPointerDown}
        onPointerMove={handlers.onPointerMove}
        onPointerUp={handlers.onPointerUp}
        onPointerCancel={handlers.onPointerCancel}
        data-testid="news-viewport"
      >
        <div
          className={`news-track${dragOffset !== 0 ? ' news-track-dragging' : ''}`}
          style={{ transform: `translateX(calc(${-index * 100}% + ${dragOffset}px))` }}
        >
          {items.map((item, i) => (
            // A div, not an article: role="group" (the carousel slide pattern) is not allowed on <article>.
            <div
              key={item.id}
              className="news-slide"
              role="group"
              aria-roledescription={t('carousel.slideRole')}
              aria-label={t('carousel.slideLabel', { n: i + 1, total: items.length, title: item.titulo })}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              <img
                className="news-image"
                src={item.imagen_url}
                srcSet={`${item.imagen_url} 1x, ${item.imagen_url_2x} 2x`}
                width={item.imagen_ancho}
                height={item.imagen_alto}
                alt=""
                draggable={false}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
              />
              <div className="news-text">
                <h3>{item.titulo}</h3>
                <p className="news-date">
                  <time dateTime={item.fecha}>{formatDate(item.fecha, language)}</time>
                </p>
                <p className="news-description">{item.descripcion}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="news-controls">
        <button type="button" className="btn btn-secondary" onClick={previous} disabled={!many} aria-label={t('carousel.previous')}>
          <span aria-hidden="true">‹</span>
          <span className="news-btn-word">{t('carousel.previousWord')}</span>
        </button>
        <p id={statusId} className="news-position" aria-live="polite" aria-atomic="true">
          {t('carousel.position', { n: index + 1, total: items.length })}
        </p>
        <button type="button" className="btn btn-secondary" onClick={next} disabled={!many} aria-label={t('carousel.next')}>
          <span className="news-btn-word">{t('carousel.nextWord')}</span>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {many && (
        <div className="news-dots">
          {items.map((item, i) => (
            <button
              key={item.id}
              type="button"
              className="news-dot"
              aria-label={t('carousel.goTo', { n: i + 1 })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
