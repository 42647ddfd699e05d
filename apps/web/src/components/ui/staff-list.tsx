import type { ReactNode } from 'react';
import { messageOf } from '../../lib/api-client.js';
import { useMessages } from '../../lib/i18n.js';
import type { useCursorPages } from '../../lib/use-cursor-pages.js';
import { NameSearch } from './name-search.js';
import { Pager } from './pager.js';
import './list.css';

/** What a list's query gives the table: react-query's result of one page, or of a whole (short) list. */
export interface StaffListQuery<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: { items: T[]; next_cursor?: string | null } | T[] | undefined;
}

interface StaffListProps<T> {
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  /** The column headers, in order. */
  columns: ReactNode[];
  list: StaffListQuery<T>;
  rowKey: (row: T) => string;
  /** The cells of one row (a `<th scope="row">` first where the row has a name). */
  renderRow: (row: T) => ReactNode;
  rowClassName?: (row: T) => string | undefined;
  /** The first-name search above the table: 'Buscar' and 'Limpiar Búsqueda'. */
  search?: { onSearch: (name: string) => void; onClear: () => void; label?: string; submitLabel?: string };
  /** Where a paged list is (useCursorPages): 'Anterior' / 'Siguiente' under the table. */
  pages?: ReturnType<typeof useCursorPages>;
  /** What an empty list says (the catalogue's 'No se encontraron resultados' unless told). */
  emptyText?: string;
  /** What a failure without the server's message says ('Error al enviar la solicitud:' unless told). */
  errorFallback?: string;
  /** The page's own table class, for its column widths (`list-table` otherwise). */
  tableClassName?: string;
}

/**
 * The one staff list (issue 21): the first-name search, the table with its loading, error and
 * empty rows, and the pager. Every staff list page draws its rows through it, so a state
 * (a refusal shown as an alert, 'Cargando…', the empty text) looks and reads the same everywhere.
 */
export function StaffList<T>({
  caption,
  columns,
  list,
  rowKey,
  renderRow,
  rowClassName,
  search,
  pages,
  emptyText,
  errorFallback,
  tableClassName,
}: StaffListProps<T>) {
  const messages = useMessages();
  const items = Array.isArray(list.data) ? list.data : list.data?.items;
  const state = (content: ReactNode, alert = false) => (
    <tr>
      <td colSpan={columns.length} {...(alert ? { role: 'alert', className: 'list-error' } : {})}>
        {content}
      </td>
    </tr>
  );
  return (
    <>
      {search && <NameSearch {...search} />}
      <div className="list-table-wrap">
        <table className={tableClassName ?? 'list-table'}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th scope="col" key={i}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.isPending
              ? state(messages.loading)
              : list.isError
                ? state(messageOf(list.error, errorFallback ?? messages.requestNetworkError), true)
                : !items || items.length === 0
                  ? state(emptyText ?? messages.noResults)
                  : items.map((r) => (
                      <tr key={rowKey(r)} className={rowClassName?.(r)}>
                        {renderRow(r)}
                      </tr>
                    ))}
          </tbody>
        </table>
      </div>
      {pages && (
        <Pager
          pages={pages}
          list={{
            data: { next_cursor: Array.isArray(list.data) ? null : (list.data?.next_cursor ?? null) },
            isFetching: list.isFetching,
          }}
        />
      )}
    </>
  );
}
