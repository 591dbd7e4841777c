import { useQuery } from '@tanstack/react-query';
import type { BlogPost, BlogPostSummary } from '@shop/shared/schemas/catalogue';
import { api, ApiError } from '../../../lib/api-client';

/** The blog's queries (key and fetcher): the hooks below read them, app/prefetch.ts fills them first. */
export const blogQueries = {
  list: () => ({ queryKey: ['blog', 'list'] as const, queryFn: () => api<BlogPostSummary[]>('/api/blog') }),
  /** The post, or null when the blog has no such id: an answer, not a failure to repeat. */
  one: (id: string) => ({
    queryKey: ['blog', 'one', id.toLowerCase()] as const,
    queryFn: () =>
      api<BlogPost>(`/api/blog/${encodeURIComponent(id)}`).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }),
  }),
};

export function useBlogPosts() {
  return useQuery(blogQueries.list());
}

export function useBlogPost(id: string) {
  return useQuery(blogQueries.one(id));
}
