import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@shop/shared/schemas/admin';
import { api } from '../../../lib/api-client';

const adminStatsKey = ['admin', 'stats'] as const;

const fetchAdminStats = () => api<AdminStats>('/api/admin/stats');

/** Always fresh when a page opens: the figures move with every order. */
export const useAdminStats = () => useQuery({ queryKey: adminStatsKey, queryFn: fetchAdminStats, staleTime: 0, refetchOnMount: 'always' });
