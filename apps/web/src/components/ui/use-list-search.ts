import { useCallback, useState } from 'react';
import { useMessages } from '../../lib/i18n.js';
import { useCursorPages } from '../../lib/use-cursor-pages.js';
import { showAlert } from './alert-store.js';

/**
 * The wiring of a searchable, paged staff list (issue 21, decision 0047): the name searched (null
 * for the whole list), the pages, and the `search` StaffList takes. A new search, or clearing it,
 * starts again at the first page. `required`: an empty search answers 'Llene todos los campos'
 * instead of listing everything (/Consultas_Admin, /Recibo_Admin, as the specification's pages did).
 * `byReference`: the list's server search also matches the record's short number (decision 0045).
 */
export function useListSearch({ required = false, byReference = false }: { required?: boolean; byReference?: boolean } = {}) {
  const messages = useMessages();
  const pages = useCursorPages();
  const [name, setName] = useState<string | null>(null);
  const { reset } = pages;
  const find = useCallback(
    (next: string | null) => {
      setName(next === '' ? null : next);
      reset();
    },
    [reset],
  );
  const search = {
    onSearch: (text: string) => (required && text === '' ? void showAlert(messages.missingFields) : find(text)),
    onClear: () => find(null),
    byReference,
  };
  return { name, pages, search };
}
