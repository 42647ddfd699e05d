import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishResultSchema, type PublishResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { NEWS_KEY } from './get-news.js';
import { publishFormData } from './publish-form-data.js';

/** PUT /api/admin/news/:id: edits a news item; the picture changes only when a new one is sent. */
export async function updateNews(values: {
  id: string;
  tituloNoticia: string;
  descripcionNoticia: string;
  imagen?: File | undefined;
}): Promise<PublishResult> {
  return publishResultSchema.parse(await api.put<unknown>(`/api/admin/news/${values.id}`, publishFormData(values)));
}

export const useUpdateNews = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateNews, onSuccess: () => client.invalidateQueries({ queryKey: NEWS_KEY }) });
};
