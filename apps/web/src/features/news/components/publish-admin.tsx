import { useState } from 'react';
import type { PublishResult } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Modal } from '../../../components/ui/modal.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useLanguage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { ConfirmDelete } from '../../../components/ui/confirm-delete.js';
import { formatDate } from '@clinica/shared';
import { PublishForm, type PublishValues } from './publish-form.js';
import '../news.css';

/** A published record as the administrators' list shows it. */
export interface PublishedRow {
  id: string;
  titulo: string;
  texto: string;
  fecha: string;
  imagen_url: string;
  imagen_ancho: number;
  imagen_alto: number;
}

interface PublishAdminProps {
  kind: 'news' | 'blog';
  title: string;
  listTitle: string;
  /** Where the record kind's own texts are in the `news` catalogue. */
  textKey: 'newsAdmin' | 'blogAdmin';
  rows: { isPending: boolean; isError: boolean; data: PublishedRow[] | undefined };
  empty: string;
  create: { run: (values: PublishValues & { imagen: File }) => Promise<PublishResult>; busy: boolean };
  update: { run: (values: PublishValues & { id: string }) => Promise<PublishResult>; busy: boolean };
  remove: { run: (id: string) => Promise<PublishResult>; busy: boolean };
}

/** /Noticias_Admin and /Blog_Admin: the 'Registro Nuevo' form, then the published records to edit or delete. */
export function PublishAdmin({ kind, title, listTitle, textKey, rows, empty, create, update, remove }: PublishAdminProps) {
  const { t } = useTranslation('news');
  const messages = useMessages();
  const language = useLanguage();
  const [editing, setEditing] = useState<PublishedRow | null>(null);
  const [deleting, setDeleting] = useState<PublishedRow | null>(null);

  const confirmDelete = async (row: PublishedRow) => {
    try {
      const result = await remove.run(row.id);
      setDeleting(null);
      await showAlert(translateMessage(result.mensaje));
    } catch (error) {
      setDeleting(null);
      await showAlert(messageOf(error, messages.requestFailed));
    }
  };

  return (
    <div className="publish-admin">
      <h1>{title}</h1>
      <section className="publish-card" aria-labelledby={`${kind}-new`}>
        <h2 id={`${kind}-new`}>{t('admin.newRecord')}</h2>
        <PublishForm
          kind={kind}
          mode="create"
          busy={create.busy}
          save={(values) => {
            if (!values.imagen) return Promise.reject(new Error(messages.photoRequired));
            return create.run({ ...values, imagen: values.imagen });
          }}
        />
      </section>

      <section className="publish-card" aria-labelledby={`${kind}-list`}>
        <h2 id={`${kind}-list`}>{listTitle}</h2>
        {rows.isPending ? (
          <p className="news-note">{messages.loading}</p>
        ) : rows.isError || !rows.data ? (
          <p className="news-note" role="alert">
            {messages.loadFailed}
          </p>
        ) : rows.data.length === 0 ? (
          <p className="news-empty">{empty}</p>
        ) : (
          <ul className="publish-list">
            {rows.data.map((row) => (
              <li key={row.id} className="publish-row">
                <img src={row.imagen_url} width={75} height={Math.round((row.imagen_alto * 75) / row.imagen_ancho)} alt="" loading="lazy" />
                <div className="publish-row-text">
                  <h3>{row.titulo}</h3>
                  <p className="news-date">
                    <time dateTime={row.fecha}>{formatDate(row.fecha, language)}</time>
                  </p>
                </div>
                <div className="publish-actions">
                  <Button variant="secondary" onClick={() => setEditing(row)} aria-label={t(`${textKey}.editLabel`, { title: row.titulo })}>
                    {t('admin.edit')}
                  </Button>
                  <Button variant="danger" onClick={() => setDeleting(row)} aria-label={t(`${textKey}.deleteLabel`, { title: row.titulo })}>
                    {t('admin.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {editing && (
        <Modal title={t(`${textKey}.editTitle`)} size="lg" onClose={() => setEditing(null)}>
          <PublishForm
            kind={kind}
            mode="edit"
            defaults={{ tituloNoticia: editing.titulo, descripcionNoticia: editing.texto }}
            busy={update.busy}
            save={(values) => update.run({ ...values, id: editing.id })}
            onSaved={() => setEditing(null)}
          />
        </Modal>
      )}
      {deleting && (
        <ConfirmDelete
          name={deleting.titulo}
          busy={remove.busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete(deleting)}
        />
      )}
    </div>
  );
}
