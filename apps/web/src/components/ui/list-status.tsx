import { messageOf } from '../../lib/api-client.js';
import { useMessages } from '../../lib/i18n.js';
import './list.css';

/** What a list's state needs of its react-query result. */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /**
   * react-query's 'idle' while a query waits to be enabled (a search not yet made): such a list
   * is in no state to show, neither 'Cargando…' nor empty.
   */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
}

export type ListState = { kind: 'idle' } | { kind: 'loading' | 'empty'; text: string } | { kind: 'error'; text: string } | null;

/**
 * The one decision of which state a list is in (issue 21): waiting for a search, loading,
 * refused (the server's message, else `errorFallback`), empty (`emptyText`), or null when it has
 * items to show. StaffList and every page that reads a list once for several sections use it.
 */
export function useListState(
  list: ListQueryState,
  hasItems: boolean,
  { emptyText, errorFallback }: { emptyText?: string; errorFallback?: string } = {},
): ListState {
  const messages = useMessages();
  if (list.isPending && list.fetchStatus === 'idle') return { kind: 'idle' };
  if (list.isPending) return { kind: 'loading', text: messages.loading };
  if (list.isError) return { kind: 'error', text: messageOf(list.error, errorFallback ?? messages.requestNetworkError) };
  if (!hasItems) return { kind: 'empty', text: emptyText ?? messages.noResults };
  return null;
}

/**
 * A list's state as a line of its own: 'Cargando…' and the empty text as a status, a refusal as
 * an alert; nothing once it has items (or while it waits for a search).
 */
export function ListStatus({ state }: { state: ListState }) {
  if (!state || state.kind === 'idle') return null;
  return state.kind === 'error' ? (
    <p role="alert" className="list-error">
      {state.text}
    </p>
  ) : (
    <p role="status" className="list-state">
      {state.text}
    </p>
  );
}
