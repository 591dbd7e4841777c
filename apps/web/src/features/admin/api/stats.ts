import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@shop/shared/schemas/admin';
import type { RepairStats } from '@shop/shared/schemas/repairs';
import { api } from '../../../lib/api-client';

const adminStatsKey = ['admin', 'stats'] as const;

/** The figures, with the repair counter's (issue 16) once the API sends them. */
const fetchAdminStats = () => api<AdminStats & { repairs?: RepairStats }>('/api/admin/stats');

/** Always fresh when a page opens: the figures move with every order. */
export const useAdminStats = () => useQuery({ queryKey: adminStatsKey, queryFn: fetchAdminStats, staleTime: 0, refetchOnMount: 'always' });
