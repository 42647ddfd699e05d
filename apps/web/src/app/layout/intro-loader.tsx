import { useState } from 'react';
import { TIMERS } from '@clinica/shared';
import { useTranslation } from '../../lib/i18n.js';
import { useTimeout } from '../../lib/timers.js';
import { LogoMark } from './logo.js';

/**
 * The full-screen logo of the first visit of a browser session: it starts fading at 6 s and is
 * removed at 9 s (docs/spec/patient-and-public.md, Intro loader). The session flag is set by the layout.
 */
export function IntroLoader({ clinicName, onDone }: { clinicName: string; onDone: () => void }) {
  const { t } = useTranslation('frame');
  const [phase, setPhase] = useState<'visible' | 'fading'>('visible');
  useTimeout(() => setPhase('fading'), TIMERS.introFadeMs);
  useTimeout(onDone, TIMERS.introEndMs);
  return (
    <div className={`intro-loader intro-${phase}`} data-state={phase} role="status" aria-label={t('intro.label')}>
      <LogoMark size={120} />
      <p className="intro-name">{clinicName}</p>
    </div>
  );
}
