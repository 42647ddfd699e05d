import { useTranslation } from '../../lib/i18n.js';
import type { useCursorPages } from '../../lib/use-cursor-pages.js';
import { Button } from './button.js';
import './list.css';

type CursorPages = ReturnType<typeof useCursorPages>;

interface PagerProps {
  /** Where the list is (useCursorPages). */
  pages: CursorPages;
  /** The list's query: its answer's `next_cursor` (null on the last page) and whether it is fetching. */
  list: { data?: { next_cursor: string | null }; isFetching: boolean };
}

/** 'Anterior' / 'Siguiente' under a keyset-paginated list, with the page number. */
export function Pager({ pages, list }: PagerProps) {
  const nextCursor = list.data?.next_cursor;
  const hasNext = Boolean(nextCursor);
  const { hasPrevious } = pages;
  const busy = list.isFetching;
  const { t } = useTranslation('ui');
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav className="list-pager" aria-label={t('pager.nav')}>
      <Button variant="secondary" onClick={pages.previous} disabled={!hasPrevious || busy}>
        {t('pager.previous')}
      </Button>
      <span aria-live="polite">{t('pager.page', { page: pages.page })}</span>
      <Button variant="secondary" onClick={() => pages.next(nextCursor)} disabled={!hasNext || busy}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
