import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishResultSchema, type PublishResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { BLOG_KEY } from './get-blog-posts.js';
import { publishFormData } from './publish-form-data.js';

/** PUT /api/admin/blog/:id: edits a blog post; the picture changes only when a new one is sent. */
export async function updateBlogPost(values: {
  id: string;
  tituloNoticia: string;
  descripcionNoticia: string;
  imagen?: File | undefined;
}): Promise<PublishResult> {
  return publishResultSchema.parse(await api.put<unknown>(`/api/admin/blog/${values.id}`, publishFormData(values)));
}

export const useUpdateBlogPost = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateBlogPost, onSuccess: () => client.invalidateQueries({ queryKey: BLOG_KEY }) });
};
