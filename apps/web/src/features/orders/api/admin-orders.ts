import type { ShopContact } from '@shop/shared/domain/shop-settings';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus, StaffOrderStatus } from '@shop/shared/domain/orders';
import type { SortDirection } from '@shop/shared/domain/admin-lists';
import type { AdminOrder, AdminOrderDetail, AdminOrderMove, AdminOrderPage } from '@shop/shared/schemas/admin';
import { api } from '../../../lib/api-client';

/** The filter, search and page of 'Lista e Porosive' as the address carries them (already checked). */
export interface OrderFilters {
  page: number;
  status?: OrderStatus;
  q?: string;
  sort?: 'date' | 'total';
  dir?: SortDirection;
}

export function orderSearchUrl(f: OrderFilters): string {
  const q = new URLSearchParams();
  if (f.status) q.set('status', f.status);
  if (f.q) q.set('q', f.q);
  if (f.sort) q.set('sort', f.sort);
  if (f.dir) q.set('dir', f.dir);
  if (f.page > 1) q.set('page', String(f.page));
  const text = q.toString();
  return text ? `/api/admin/orders/search?${text}` : '/api/admin/orders/search';
}

/** One page of the order list; the last page stays on screen while the next one loads. */
export const useAdminOrderSearch = (f: OrderFilters) =>
  useQuery({
    queryKey: ['admin', 'orders', 'search', f.status ?? null, f.q ?? '', f.sort ?? null, f.dir ?? null, f.page],
    queryFn: () => api<AdminOrderPage>(orderSearchUrl(f)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** One order with its delivery, history and next moves (null: an address that names no order, nothing is asked). */
export const useAdminOrder = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'orders', 'one', id],
    queryFn: () => api<AdminOrderDetail>(`/api/admin/orders/${id}`),
    enabled: id !== null,
    staleTime: 0,
  });

/** The IMEIs picked for an order's serialized lines (decision 040). */
export type PickedUnits = { line: number; imeis: string[] }[];

/** A sent order's courier and tracking number (decision 043). */
export type ShipmentInput = { courier: string; trackingNumber: string };

/** The move's answer carries the gift cards it made, with their codes this once (decision 052). */
const setOrderStatus = (id: number, status: StaffOrderStatus, units?: PickedUnits, shipment?: ShipmentInput) =>
  api<AdminOrderMove>(`/api/admin/orders/${id}`, {
    method: 'PATCH',
    body: { status, ...(units && units.length > 0 ? { units } : {}), ...(shipment ?? {}) },
  });

export function useSetOrderStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      status,
      units,
      shipment,
    }: {
      id: number;
      status: StaffOrderStatus;
      units?: PickedUnits;
      shipment?: ShipmentInput;
    }) => setOrderStatus(id, status, units, shipment),
    // The list, the order, the statistics and the low stock all change.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** 'Shëno të paguar' (a bank transfer arrived) and 'Para të pranuara' (the courier's cash), decision 043. */
export function useOrderPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, what }: { id: number; what: 'paid' | 'cash-received' }) =>
      api<AdminOrder>(`/api/admin/orders/${id}/${what}`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** The couriers staff pick from when sending an order (the names 'Cilësimet' keeps). */
export const useCouriers = () =>
  useQuery({
    queryKey: ['settings', 'contact'],
    queryFn: () => api<ShopContact>('/api/settings/contact'),
    staleTime: 60_000,
    select: (c) => c.couriers,
  });
