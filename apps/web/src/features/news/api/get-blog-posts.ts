import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/blog: the blog posts, newest first. */
export function getBlogPosts(): Promise<BlogPost[]> {
  // The server's response schema shapes the answer; parsing it again would put zod in the page's first load.
  return api.get<BlogPost[]>('/api/blog');
}

export const BLOG_KEY = ['news', 'blog'] as const;

export const getBlogPostsQueryOptions = () => queryOptions({ queryKey: BLOG_KEY, queryFn: getBlogPosts });

export const useBlogPosts = () => useQuery(getBlogPostsQueryOptions());
