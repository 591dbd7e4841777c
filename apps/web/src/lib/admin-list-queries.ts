import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SortDirection } from '@shop/shared/domain/admin-lists';
import type { AdminProductPage, AdminUserPage, StatsRange } from '@shop/shared/schemas/admin-lists';
import { api } from './api-client';
import { listQueryText } from './use-list-params';

/** A paged list's search, sort and page as the address carries them (already checked). */
export interface ListFilters<S extends string> {
  page: number;
  q?: string;
  sort?: S;
  dir?: SortDirection;
}

const pageQuery = <T>(name: string, url: string, f: ListFilters<string>) =>
  ({
    queryKey: ['admin', name, 'search', f.q ?? '', f.sort ?? null, f.dir ?? null, f.page],
    queryFn: () => api<T>(`${url}${listQueryText({ q: f.q, sort: f.sort, dir: f.dir, page: f.page })}`),
    // The last page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  }) as const;

/** One page of the products (GET /api/admin/products/search). */
export const useAdminProductPage = (f: ListFilters<'date' | 'name' | 'price' | 'stock'>, enabled = true) =>
  useQuery({ ...pageQuery<AdminProductPage>('products', '/api/admin/products/search', f), enabled });

/** One page of the accounts (GET /api/admin/users_new/search). */
export const useAdminUserPage = (f: ListFilters<'date' | 'name' | 'email'>) =>
  useQuery(pageQuery<AdminUserPage>('users', '/api/admin/users_new/search', f));

/** The statistics of a range of days (both or neither: the last 30 days). */
export const useStatsRange = (range: { from?: string; to?: string }) =>
  useQuery({
    queryKey: ['admin', 'stats', 'range', range.from ?? null, range.to ?? null],
    queryFn: () => api<StatsRange>(`/api/admin/stats/range${listQueryText({ page: 1, from: range.from, to: range.to })}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
