import { useState } from 'react';
import { NameSearch } from '../../../components/ui/name-search.js';
import { Pager } from '../../../components/ui/pager.js';
import { messageOf } from '../../../lib/api-client.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useCursorPages } from '../../../lib/use-cursor-pages.js';
import { useAdminSuggestions } from '../api/get-admin-suggestions.js';
import '../../../components/ui/list.css';
import '../suggestions.css';

const formats = new Map<string, Intl.DateTimeFormat>();
/** Panama's date and time, written the way the current language writes them. */
const dateTimeIn = (lng: string) => {
  let f = formats.get(lng);
  if (!f) {
    f = new Intl.DateTimeFormat(lng === 'es' ? 'es-PA' : lng, { timeZone: 'America/Panama', dateStyle: 'short', timeStyle: 'short' });
    formats.set(lng, f);
  }
  return f;
};

/** /Sugerencias_Admin: every suggestion, newest first, searchable by the sender's first name. */
export function SugerenciasAdminPage() {
  const { t, i18n } = useTranslation('suggestions');
  const messages = useMessages();
  const dateTime = dateTimeIn(i18n.resolvedLanguage ?? i18n.language);
  const [search, setSearch] = useState<string | null>(null);
  const pages = useCursorPages();
  const rows = useAdminSuggestions(search, pages.cursor);
  const find = (name: string | null) => {
    setSearch(name);
    pages.reset();
  };

  return (
    <div className="list-page">
      <h1>{t('admin.title')}</h1>
      <NameSearch onSearch={(name) => find(name === '' ? null : name)} onClear={() => find(null)} />
      <div className="list-table-wrap">
        <table className="list-table">
          <caption className="visually-hidden">{t('admin.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.colSuggestion')}</th>
              <th scope="col">{t('admin.colName')}</th>
              <th scope="col">{t('admin.colLastName')}</th>
              <th scope="col">{t('admin.colEmail')}</th>
              <th scope="col">{t('admin.colDate')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.isPending ? (
              <tr>
                <td colSpan={5}>{messages.loading}</td>
              </tr>
            ) : rows.isError ? (
              <tr>
                <td colSpan={5} role="alert" className="list-error">
                  {messageOf(rows.error, messages.requestNetworkError)}
                </td>
              </tr>
            ) : rows.data.items.length === 0 ? (
              <tr>
                <td colSpan={5}>{messages.noResults}</td>
              </tr>
            ) : (
              rows.data.items.map((s) => (
                <tr key={s.id}>
                  <td className="suggestion-text">{s.sugerencia}</td>
                  <td>{s.nombre}</td>
                  <td>{s.apellido}</td>
                  <td className="list-wrap">{s.correo}</td>
                  <td>{dateTime.format(new Date(s.fecha_registro))}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager pages={pages} list={rows} />
    </div>
  );
}
