import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishResultSchema, type PublishResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { BLOG_KEY } from './get-blog-posts.js';

/** DELETE /api/admin/blog/:id: deletes a blog post and its picture. */
export async function deleteBlogPost(id: string): Promise<PublishResult> {
  return publishResultSchema.parse(await api.delete<unknown>(`/api/admin/blog/${id}`));
}

export const useDeleteBlogPost = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteBlogPost, onSuccess: () => client.invalidateQueries({ queryKey: BLOG_KEY }) });
};
