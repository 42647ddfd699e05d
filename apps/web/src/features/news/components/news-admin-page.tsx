import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useCreateNews } from '../api/create-news.js';
import { useDeleteNews } from '../api/delete-news.js';
import { useNews } from '../api/get-news.js';
import { useUpdateNews } from '../api/update-news.js';
import { PublishAdmin } from './publish-admin.js';

/** /Noticias_Admin: publish, edit and delete news items. */
export function NewsAdminPage() {
  const { t } = useTranslation('news');
  const messages = useMessages();
  const news = useNews();
  const create = useCreateNews();
  const update = useUpdateNews();
  const remove = useDeleteNews();
  return (
    <PublishAdmin
      kind="news"
      title={t('newsAdmin.title')}
      listTitle={t('newsAdmin.listTitle')}
      textKey="newsAdmin"
      empty={messages.noNews}
      rows={{
        isPending: news.isPending,
        isError: news.isError,
        data: news.data?.map((n) => ({ ...n, texto: n.descripcion })),
      }}
      create={{ run: create.mutateAsync, busy: create.isPending }}
      update={{ run: update.mutateAsync, busy: update.isPending }}
      remove={{ run: remove.mutateAsync, busy: remove.isPending }}
    />
  );
}
