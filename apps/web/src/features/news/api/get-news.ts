import { queryOptions, useQuery } from '@tanstack/react-query';
import { newsListSchema, type NewsItem } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/news: the published news items, newest first. */
export async function getNews(): Promise<NewsItem[]> {
  return newsListSchema.parse(await api.get<unknown>('/api/news'));
}

export const NEWS_KEY = ['news', 'items'] as const;

export const getNewsQueryOptions = () => queryOptions({ queryKey: NEWS_KEY, queryFn: getNews });

export const useNews = () => useQuery(getNewsQueryOptions());
