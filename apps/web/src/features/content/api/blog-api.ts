import { useQuery } from '@tanstack/react-query';
import type { BlogPost, BlogPostSummary } from '@shop/shared/schemas/catalogue';
import { api, ApiError } from '../../../lib/api-client';

const fetchBlogPosts = () => api<BlogPostSummary[]>('/api/blog');
const fetchBlogPost = (id: string) => api<BlogPost>(`/api/blog/${encodeURIComponent(id)}`);

export function useBlogPosts() {
  return useQuery({ queryKey: ['blog', 'list'], queryFn: fetchBlogPosts });
}

export function useBlogPost(id: string) {
  return useQuery({
    queryKey: ['blog', 'one', id.toLowerCase()],
    queryFn: () => fetchBlogPost(id),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
}
