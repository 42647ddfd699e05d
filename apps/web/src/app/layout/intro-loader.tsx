import { useState } from 'react';
import { TIMERS } from '@clinica/shared';
import { useTranslation } from '../../lib/i18n.js';
import { untilSinceNavigation } from '../../lib/navigation-clock.js';
import { useTimeout } from '../../lib/timers.js';
import { LogoMark } from './logo.js';

/**
 * The full-screen logo of the first visit of a browser session: it starts fading at 6 s and is
 * removed at 9 s (docs/spec/patient-and-public.md, Intro loader), both counted from the page's
 * navigation start. The session flag is set by the layout.
 */
export function IntroLoader({ clinicName, onDone }: { clinicName: string; onDone: () => void }) {
  const { t } = useTranslation('frame');
  // 6 s and 9 s from the page's navigation start, not from this first render: a slow phone's
  // script starts seconds late, and its person would otherwise watch the logo that much longer.
  const [delays] = useState(() => ({ fade: untilSinceNavigation(TIMERS.introFadeMs), end: untilSinceNavigation(TIMERS.introEndMs) }));
  const [phase, setPhase] = useState<'visible' | 'fading'>(() => (delays.fade === 0 ? 'fading' : 'visible'));
  useTimeout(() => setPhase('fading'), delays.fade);
  useTimeout(onDone, delays.end);
  return (
    <div className={`intro-loader intro-${phase}`} data-state={phase} role="status" aria-label={t('intro.label')}>
      <LogoMark size={120} />
      <p className="intro-name">{clinicName}</p>
    </div>
  );
}
