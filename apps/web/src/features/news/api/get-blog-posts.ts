import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogListSchema, type BlogPost } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/blog: the blog posts, newest first. */
export async function getBlogPosts(): Promise<BlogPost[]> {
  return blogListSchema.parse(await api.get<unknown>('/api/blog'));
}

export const BLOG_KEY = ['news', 'blog'] as const;

export const getBlogPostsQueryOptions = () => queryOptions({ queryKey: BLOG_KEY, queryFn: getBlogPosts });

export const useBlogPosts = () => useQuery(getBlogPostsQueryOptions());
