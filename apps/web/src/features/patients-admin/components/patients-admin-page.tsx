import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { NameSearch } from '../../../components/ui/name-search.js';
import { Pager } from '../../../components/ui/pager.js';
import { messageOf } from '../../../lib/api-client.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useCursorPages } from '../../../lib/use-cursor-pages.js';
import { useAdminPatients } from '../api/get-admin-patients.js';
import { useFormatDateTime } from '../../../lib/date-time.js';
import { PatientAdminModal } from './patient-admin-modal.js';
import '../../../components/ui/list.css';

/** /PacientesDataAdmin: every patient, newest first, the first-name search and the patient's modal. */
export function PacientesDataAdminPage() {
  const { t } = useTranslation('patients-admin');
  const messages = useMessages();
  const formatDateTime = useFormatDateTime();
  const [search, setSearch] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const pages = useCursorPages();
  const rows = useAdminPatients(search, pages.cursor);
  const find = (name: string | null) => {
    setSearch(name);
    pages.reset();
  };

  return (
    <div className="list-page">
      <h1>{t('page.title')}</h1>
      <NameSearch onSearch={(name) => find(name === '' ? null : name)} onClear={() => find(null)} />
      <div className="list-table-wrap">
        <table className="list-table">
          <caption className="visually-hidden">{t('page.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('page.name')}</th>
              <th scope="col">{t('page.idNumber')}</th>
              <th scope="col">{t('page.email')}</th>
              <th scope="col">{t('page.registeredAt')}</th>
              <th scope="col">{t('page.detail')}</th>
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
              rows.data.items.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    {p.nombre} {p.apellido}
                  </th>
                  <td>{p.cedula}</td>
                  <td className="list-wrap">{p.correo}</td>
                  <td>{formatDateTime(p.fecha_registro)}</td>
                  <td>
                    <Button variant="secondary" onClick={() => setOpen(p.id)} aria-label={t('page.fullInfoFor', { name: `${p.nombre} ${p.apellido}` })}>
                      {t('page.fullInfo')}
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager pages={pages} list={rows} />
      {open !== null && <PatientAdminModal id={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
