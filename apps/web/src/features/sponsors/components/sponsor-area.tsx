import { Suspense, useState } from 'react';
import { TIMERS, type PageRoute, type Sponsor } from '@clinica/shared';
import { useTranslation } from '../../../lib/i18n.js';
import { useTimeout } from '../../../lib/timers.js';
import { useSponsors } from '../api/get-sponsors.js';
import { sponsorAreasHidden } from '../sponsor-visibility.js';
import '../sponsors.css';

const LABELS = { 1: 'area.featured', 2: 'area.ads' } as const;

// Only links the server accepted (http or https) are followed; anything else shows the logo alone.
const isWebLink = (href: string) => /^https?:\/\//i.test(href);

/** The first area's cycle: visible 3 minutes, then hidden 1 minute, again and again (docs/spec/staff.md, section 9). */
function useBannerCycle() {
  const [visible, setVisible] = useState(true);
  useTimeout(() => setVisible((v) => !v), visible ? TIMERS.sponsorVisibleMs : TIMERS.sponsorHiddenMs);
  return visible;
}

function Logos({ sponsors }: { sponsors: Sponsor[] }) {
  return (
    <ul className="sponsor-logos">
      {sponsors.map((s) => {
        const logo = (
          <img
            src={s.imagen_url}
            srcSet={`${s.imagen_url} 1x, ${s.imagen_url_2x} 2x`}
            width={s.imagen_ancho}
            height={s.imagen_alto}
            alt={s.nombre}
            loading="lazy"
            decoding="async"
          />
        );
        return (
          <li key={s.id}>
            {isWebLink(s.enlace) ? (
              <a href={s.enlace} target="_blank" rel="sponsored noopener noreferrer">
                {logo}
              </a>
            ) : (
              logo
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Area({ area }: { area: 1 | 2 }) {
  const { t } = useTranslation('sponsors');
  const sponsors = useSponsors();
  const cycling = useBannerCycle();
  const visible = area === 2 || cycling;
  // With no sponsors (or none loaded) the area shows nothing at all.
  if (!visible || !sponsors.data || sponsors.data.length === 0) return null;
  return (
    <aside className={`sponsor-area sponsor-area-${area}`} aria-label={t(LABELS[area])}>
      <Logos sponsors={sponsors.data} />
    </aside>
  );
}

/**
 * A sponsor banner area of the public layout. Area 1 (under the header) is visible 3 minutes and
 * hidden 1 minute in a cycle; area 2 (above the footer) stays. Both are absent on administrator
 * and doctor pages, and render nothing while there are no sponsors.
 */
export function SponsorArea({ area, route }: { area: 1 | 2; route: Pick<PageRoute, 'path' | 'group'> }) {
  if (sponsorAreasHidden(route)) return null;
  // Its own boundary: the area's catalogue loading never holds up the layout around it.
  return (
    <Suspense fallback={null}>
      <Area area={area} />
    </Suspense>
  );
}
