import { formatDateTime } from '@clinica/shared';
import { StaffList } from '../../../components/ui/staff-list.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useListSearch } from '../../../components/ui/use-list-search.js';
import { useAdminSuggestions } from '../api/get-admin-suggestions.js';
import '../../../components/ui/list.css';
import '../suggestions.css';
import { EmailText } from '../../../components/ui/email-text.js';


/** /Sugerencias_Admin: every suggestion, newest first, searchable by the sender's first name. */
export function SugerenciasAdminPage() {
  const { t, i18n } = useTranslation('suggestions');
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
            <td>
              <EmailText value={s.correo} />
            </td>
            <td>{formatDateTime(s.fecha_registro, i18n.resolvedLanguage ?? i18n.language)}</td>
          </>
        )}
      />
    </div>
  );
}
