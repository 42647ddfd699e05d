import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishResultSchema, type PublishResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { NEWS_KEY } from './get-news.js';

/** DELETE /api/admin/news/:id: deletes a news item and its picture. */
export async function deleteNews(id: string): Promise<PublishResult> {
  return publishResultSchema.parse(await api.delete<unknown>(`/api/admin/news/${id}`));
}

export const useDeleteNews = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteNews, onSuccess: () => client.invalidateQueries({ queryKey: NEWS_KEY }) });
};
