import type { ReactNode } from 'react';
import type { useCursorPages } from '../../lib/use-cursor-pages.js';
import { ListStatus, useListState, type ListQueryState } from './list-status.js';
import { NameSearch } from './name-search.js';
import { Pager } from './pager.js';
import './list.css';

/** What a list's query gives the table: react-query's result of one page, or of a whole (short) list. */
export interface StaffListQuery<T> extends ListQueryState {
  isFetching: boolean;
  data: { items: T[]; next_cursor?: string | null } | T[] | undefined;
}

interface CommonProps<T> {
  /** The table's or the list's accessible name (a visually hidden caption, or the list's label). */
  caption: string;
  list: StaffListQuery<T>;
  rowKey: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  /** The first-name search above the table: 'Buscar' and 'Limpiar Búsqueda'; `byReference` where the number is matched too. */
  search?: { onSearch: (name: string) => void; onClear: () => void; label?: string; submitLabel?: string; byReference?: boolean };
  /** Where a paged list is (useCursorPages): 'Anterior' / 'Siguiente' under the table. */
  pages?: ReturnType<typeof useCursorPages>;
  /** What an empty list says (the catalogue's 'No se encontraron resultados' unless told). */
  emptyText?: string;
  /** What a failure without the server's message says ('Error al enviar la solicitud:' unless told). */
  errorFallback?: string;
}

interface TableProps<T> extends CommonProps<T> {
  layout?: 'table';
  /** The column headers, in order. */
  columns: ReactNode[];
  /** The cells of one row (a `<th scope="row">` first where the row has a name). */
  renderRow: (row: T) => ReactNode;
  /** The page's own table class, for its column widths (`list-table` otherwise). */
  tableClassName?: string;
}

/**
 * A list whose items are not table rows (decision 0047): each holds a form, a table of its own or
 * several actions, which a table cell would push behind a sideways scroll on a phone. The same
 * search, states and pager; each item a card (`<li>`) the page fills.
 */
interface CardProps<T> extends CommonProps<T> {
  layout: 'cards';
  /** The content of one card. */
  renderRow: (row: T) => ReactNode;
  /** The list's class (`list-cards` otherwise). */
  listClassName?: string;
}

type StaffListProps<T> = TableProps<T> | CardProps<T>;

/**
 * The one staff list (issue 21): the first-name search, the table with its loading, error and
 * empty rows, and the pager. Every staff list page draws its rows through it, so a state
 * (a refusal shown as an alert, 'Cargando…', the empty text) looks and reads the same everywhere.
 */
export function StaffList<T>(props: StaffListProps<T>) {
  const { list, rowKey, renderRow, rowClassName, search, pages, emptyText, errorFallback } = props;
  const items = Array.isArray(list.data) ? list.data : list.data?.items;
  // One decision for every layout (and for pages that show a list's state on their own): which
  // state the list is in, or its items.
  const status = useListState(list, (items?.length ?? 0) > 0, { emptyText, errorFallback });

  let body: ReactNode;
  if (props.layout === 'cards') {
    body = status ? (
      <ListStatus state={status} />
    ) : (
      <ul className={props.listClassName ?? 'list-cards'} aria-label={props.caption}>
        {items!.map((r) => (
          <li key={rowKey(r)} className={rowClassName?.(r)}>
            {renderRow(r)}
          </li>
        ))}
      </ul>
    );
  } else {
    const { columns, caption, tableClassName } = props;
    body = (
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
            {status?.kind === 'idle' ? null : status ? (
              <tr>
                <td colSpan={columns.length} {...(status.kind === 'error' ? { role: 'alert', className: 'list-error' } : {})}>
                  {status.text}
                </td>
              </tr>
            ) : (
              items!.map((r) => (
                <tr key={rowKey(r)} className={rowClassName?.(r)}>
                  {renderRow(r)}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <>
      {search && <NameSearch {...search} />}
      {body}
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
