import type { DocumentType } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { useLanguage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useDownloadDocument } from '../api/download-document.js';
import { useDocuments } from '../api/get-documents.js';
import { saveFile } from '../api/pdf-request.js';
import { formatDateTime } from './format.js';

/** staff.md, section 9: the empty state spans 8 columns. */
const EMPTY_COLSPAN = 8;

/**
 * The table of previously generated files under each form: file name, creation date and a
 * download button, or 'No disponible'; 'No hay datos disponibles' when there are none.
 */
export function DocumentsTable({ tipo }: { tipo: DocumentType }) {
  const { t } = useTranslation('documents');
  const messages = useMessages();
  const language = useLanguage();
  const documents = useDocuments(tipo);
  const download = useDownloadDocument();

  const onDownload = async (id: string) => {
    try {
      saveFile(await download.mutateAsync({ tipo, id }));
    } catch (error) {
      await showAlert(messageOf(error, messages.loadFailed));
    }
  };

  if (documents.isPending) return <p>{messages.loading}</p>;
  if (documents.isError) {
    return (
      <p role="alert" className="documents-error">
        {messages.loadFailed}
      </p>
    );
  }
  return (
    <div className="documents-table-wrap" tabIndex={0} role="region" aria-label={t('table.regionLabel', { title: t(`titles.${tipo}`) })}>
      <table className="documents-table">
        <thead>
          <tr>
            <th scope="col">{t('table.fileName')}</th>
            <th scope="col">{t('table.created')}</th>
            <th scope="col">{t('table.code')}</th>
            <th scope="col">{t('table.download')}</th>
          </tr>
        </thead>
        <tbody>
          {documents.data.length === 0 ? (
            <tr>
              <td colSpan={EMPTY_COLSPAN}>{messages.noTableData}</td>
            </tr>
          ) : (
            documents.data.map((d) => (
              <tr key={d.id}>
                <td className="documents-filename">{d.nombre_pdf}</td>
                <td>{formatDateTime(d.created_at, language)}</td>
                <td className="documents-code">{d.codigo}</td>
                <td>
                  {d.disponible ? (
                    <Button variant="secondary" onClick={() => void onDownload(d.id)} aria-label={t('table.downloadLabel', { name: d.nombre_pdf })}>
                      {t('table.downloadButton')}
                    </Button>
                  ) : (
                    messages.unavailable
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
