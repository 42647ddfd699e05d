import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishResultSchema, type PublishResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { BLOG_KEY } from './get-blog-posts.js';
import { publishFormData } from './publish-form-data.js';

/** POST /api/admin/blog: publishes a blog post; answers `mensaje` ('Registro exitoso'). */
export async function createBlogPost(values: { tituloNoticia: string; descripcionNoticia: string; imagen: File }): Promise<PublishResult> {
  return publishResultSchema.parse(await api.post<unknown>('/api/admin/blog', publishFormData(values)));
}

export const useCreateBlogPost = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createBlogPost, onSuccess: () => client.invalidateQueries({ queryKey: BLOG_KEY }) });
};
