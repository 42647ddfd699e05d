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
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav className="list-pager" aria-label="Paginación">
      <Button variant="secondary" onClick={onPrevious} disabled={!hasPrevious || busy}>
        Anterior
      </Button>
      <span aria-live="polite">Página {page}</span>
      <Button variant="secondary" onClick={onNext} disabled={!hasNext || busy}>
        Siguiente
      </Button>
    </nav>
  );
}
