import { showAlert } from '../../../components/ui/alert-store.js';
import { NameSearch } from '../../../components/ui/name-search.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';

/**
 * The appointment lists' search by the patient's first name: the shared `NameSearch` with the
 * words of staff.md's doctor appointments list ('Enviar', 'Limpiar Búsqueda'); an empty name is
 * refused with the catalogue's message instead of listing everything.
 */
export function SearchForm({ onSearch, onClear }: { onSearch: (name: string) => void; onClear: () => void }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  return (
    <NameSearch
      label={t('staff.searchLabel')}
      submitLabel={t('staff.search')}
      onSearch={(name) => (name === '' ? void showAlert(messages.missingFields) : onSearch(name))}
      onClear={onClear}
    />
  );
}
