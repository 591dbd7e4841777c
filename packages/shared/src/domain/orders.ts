/** An order's statuses, their labels and the moves staff may make. */

export const orderStatuses = ['pending', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Order status labels shown to shoppers and staff. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Në pritje',
  delivered: 'E dorëzuar',
  cancelled: 'E anuluar',
};

/** The statuses staff set by hand ('Sheno si dorezuar', 'Anulo'). */
export const staffOrderStatuses = ['delivered', 'cancelled'] as const satisfies readonly OrderStatus[];
export type StaffOrderStatus = (typeof staffOrderStatuses)[number];

/** Which statuses an order may move to from each status: only a pending order moves, and only once. */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: staffOrderStatuses,
  delivered: [],
  cancelled: [],
};

export const canMoveOrder = (from: OrderStatus, to: OrderStatus): boolean => orderTransitions[from].includes(to);

/** The statuses an order may be in when it moves to `to` (for a conditional update). */
export const statusesBefore = (to: OrderStatus): OrderStatus[] => orderStatuses.filter((from) => canMoveOrder(from, to));

/** Sales count every order that is not cancelled. */
export const countsAsSale = (status: OrderStatus): boolean => status !== 'cancelled';

/** What one order may hold. */
export const orderLimits = {
  maxLines: 50,
  maxQuantity: 99,
  maxUnitPrice: 1_000_000,
  maxTotal: 100_000_000,
} as const;

/** The status every new order starts in. */
export const initialOrderStatus: OrderStatus = 'pending';
