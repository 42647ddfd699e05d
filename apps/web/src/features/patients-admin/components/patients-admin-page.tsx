import { useState } from 'react';
import { StaffList } from '../../../components/ui/staff-list.js';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useListSearch } from '../../../components/ui/use-list-search.js';
import { useAdminPatients } from '../api/get-admin-patients.js';
import { useFormatDateTime } from '../../../lib/date-time.js';
import { PatientAdminModal } from './patient-admin-modal.js';
import '../../../components/ui/list.css';
import { EmailText } from '../../../components/ui/email-text.js';

/** /PacientesDataAdmin: every patient, newest first, the first-name search and the patient's modal. */
export function PacientesDataAdminPage() {
  const { t } = useTranslation('patients-admin');
  const formatDateTime = useFormatDateTime();
  const [open, setOpen] = useState<string | null>(null);
  const { name, pages, search } = useListSearch();
  const rows = useAdminPatients(name, pages.cursor);

  return (
    <div className="list-page">
      <h1>{t('page.title')}</h1>
      <StaffList
        caption={t('page.caption')}
        columns={[t('page.name'), t('page.idNumber'), t('page.email'), t('page.registeredAt'), t('page.detail')]}
        list={rows}
        pages={pages}
        search={search}
        rowKey={(p) => p.id}
        renderRow={(p) => (
          <>
            <th scope="row">
              {p.nombre} {p.apellido}
            </th>
            <td className="list-nowrap">{p.cedula}</td>
            <td>
              <EmailText value={p.correo} />
            </td>
            <td>{formatDateTime(p.fecha_registro)}</td>
            <td>
              <Button
                variant="secondary"
                onClick={() => setOpen(p.id)}
                aria-label={t('page.fullInfoFor', { name: `${p.nombre} ${p.apellido}` })}
              >
                {t('page.fullInfo')}
              </Button>
            </td>
          </>
        )}
      />
      {open !== null && <PatientAdminModal id={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
