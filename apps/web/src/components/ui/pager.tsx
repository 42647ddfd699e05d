import { useTranslation } from '../../lib/i18n.js';
import { Button } from './button.js';
import './list.css';

interface PagerProps {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  busy?: boolean;
}

/** 'Anterior' / 'Siguiente' under a paginated list, with the page number. */
export function Pager({ page, hasPrevious, hasNext, onPrevious, onNext, busy }: PagerProps) {
  const { t } = useTranslation('ui');
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav className="list-pager" aria-label={t('pager.nav')}>
      <Button variant="secondary" onClick={onPrevious} disabled={!hasPrevious || busy}>
        {t('pager.previous')}
      </Button>
      <span aria-live="polite">{t('pager.page', { page })}</span>
      <Button variant="secondary" onClick={onNext} disabled={!hasNext || busy}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
