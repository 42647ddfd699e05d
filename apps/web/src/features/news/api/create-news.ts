import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishResultSchema, type PublishResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { NEWS_KEY } from './get-news.js';
import { publishFormData } from './publish-form-data.js';

/** POST /api/admin/news: publishes a news item; answers `mensaje` ('Registro exitoso'). */
export async function createNews(values: { tituloNoticia: string; descripcionNoticia: string; imagen: File }): Promise<PublishResult> {
  return publishResultSchema.parse(await api.post<unknown>('/api/admin/news', publishFormData(values)));
}

export const useCreateNews = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createNews, onSuccess: () => client.invalidateQueries({ queryKey: NEWS_KEY }) });
};
