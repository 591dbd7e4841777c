import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DayClose, DayCloseCreated, DayCloseList, DayCloseReport } from '@shop/shared/schemas/day-close';
import { api } from '../../../lib/api-client';

/** The report of a till's day: its close when closed, else the figures so far. */
export const useDayCloseReport = (till: string, day: string) =>
  useQuery({
    queryKey: ['admin', 'day-close', till, day],
    queryFn: () => api<DayCloseReport>(`/api/admin/day-close?${new URLSearchParams({ till, day }).toString()}`),
    staleTime: 0,
  });

/** The past closes, newest first. */
export const useDayCloses = () =>
  useQuery({ queryKey: ['admin', 'day-closes'], queryFn: () => api<DayCloseList>('/api/admin/day-closes'), staleTime: 0 });

export const fetchDayClose = (id: number) => api<DayClose>(`/api/admin/day-closes/${id}`);

export interface DayCloseInput {
  till: string;
  day: string;
  openingFloat?: number;
  countedCash: number;
  note?: string;
}

export function useCloseDay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DayCloseInput) => api<DayCloseCreated>('/api/admin/day-close', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
