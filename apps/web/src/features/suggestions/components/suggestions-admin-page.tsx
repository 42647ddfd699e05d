import { StaffList } from '../../../components/ui/staff-list.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useListSearch } from '../../../components/ui/use-list-search.js';
import { useAdminSuggestions } from '../api/get-admin-suggestions.js';
import '../../../components/ui/list.css';
import '../suggestions.css';

const formats = new Map<string, Intl.DateTimeFormat>();
/** Panama's date and time, written the way the current language writes them. */
const dateTimeIn = (lng: string) => {
  let f = formats.get(lng);
  if (!f) {
    f = new Intl.DateTimeFormat(lng === 'es' ? 'es-PA' : lng, {
      timeZone: 'America/Panama',
      dateStyle: 'short',
      timeStyle: 'short',
    });
    formats.set(lng, f);
  }
  return f;
};

/** /Sugerencias_Admin: every suggestion, newest first, searchable by the sender's first name. */
export function SugerenciasAdminPage() {
  const { t, i18n } = useTranslation('suggestions');
  const dateTime = dateTimeIn(i18n.resolvedLanguage ?? i18n.language);
  const { name, pages, search } = useListSearch();
  const rows = useAdminSuggestions(name, pages.cursor);

  return (
    <div className="list-page">
      <h1>{t('admin.title')}</h1>
      <StaffList
        caption={t('admin.caption')}
        columns={[
          t('admin.colSuggestion'),
          t('admin.colName'),
          t('admin.colLastName'),
          t('admin.colEmail'),
          t('admin.colDate'),
        ]}
        list={rows}
        pages={pages}
        search={search}
        rowKey={(s) => s.id}
        renderRow={(s) => (
          <>
            <td className="suggestion-text">{s.sugerencia}</td>
            <td>{s.nombre}</td>
            <td>{s.apellido}</td>
            <td className="list-nowrap">{s.correo}</td>
            <td>{dateTime.format(new Date(s.fecha_registro))}</td>
          </>
        )}
      />
    </div>
  );
}
