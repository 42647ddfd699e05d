import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useCreateBlogPost } from '../api/create-blog-post.js';
import { useDeleteBlogPost } from '../api/delete-blog-post.js';
import { useBlogPosts } from '../api/get-blog-posts.js';
import { useUpdateBlogPost } from '../api/update-blog-post.js';
import { PublishAdmin } from './publish-admin.js';

/** /Blog_Admin: publish (PNG picture only), edit and delete blog posts. */
export function BlogAdminPage() {
  const { t } = useTranslation('news');
  const messages = useMessages();
  const posts = useBlogPosts();
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const remove = useDeleteBlogPost();
  return (
    <PublishAdmin
      kind="blog"
      title={t('blogAdmin.title')}
      listTitle={t('blogAdmin.listTitle')}
      textKey="blogAdmin"
      empty={messages.noBlogPosts}
      rows={{
        isPending: posts.isPending,
        isError: posts.isError,
        data: posts.data?.map((p) => ({ ...p, texto: p.contenido, fecha: p.fecha_creacion })),
      }}
      create={{ run: create.mutateAsync, busy: create.isPending }}
      update={{ run: update.mutateAsync, busy: update.isPending }}
      remove={{ run: remove.mutateAsync, busy: remove.isPending }}
    />
  );
}
