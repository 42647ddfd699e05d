import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsItem } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/news: the published news items, newest first. */
export function getNews(): Promise<NewsItem[]> {
  // The server's response schema shapes the answer; parsing it again would put zod in the page's first load.
  return api.get<NewsItem[]>('/api/news');
}

export const NEWS_KEY = ['news', 'items'] as const;

export const getNewsQueryOptions = () => queryOptions({ queryKey: NEWS_KEY, queryFn: getNews });

export const useNews = () => useQuery(getNewsQueryOptions());
