import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useMessages, useTranslation } from '../../../lib/i18n.js';

// Its own chunk, fetched only when staff choose 'Semana' (patients never load it).
const CalendarWeekView = lazy(() => import('./calendar-week.js'));

/**
 * 'Lista' / 'Semana' on the staff's appointment pages (issue 24, item 6): the list stays the
 * default; the week view opens the same details modal through `onOpen`.
 */
export function ListOrWeek({ view, list, onOpen }: { view: 'doctor' | 'admin'; list: ReactNode; onOpen: (token: string) => void }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const [mode, setMode] = useState<'list' | 'week'>('list');
  return (
    <>
      <div className="appt-view-toggle" role="group" aria-label={t('calendar.viewLabel')}>
        <button type="button" className="btn btn-secondary" aria-pressed={mode === 'list'} onClick={() => setMode('list')}>
          {t('calendar.viewList')}
        </button>
        <button type="button" className="btn btn-secondary" aria-pressed={mode === 'week'} onClick={() => setMode('week')}>
          {t('calendar.viewWeek')}
        </button>
      </div>
      {mode === 'list' ? (
        list
      ) : (
        <Suspense fallback={<p>{messages.loading}</p>}>
          <CalendarWeekView view={view} onOpen={onOpen} />
        </Suspense>
      )}
    </>
  );
}
