/**
 * An order's rules: its statuses and the moves between them, how it reaches the customer
 * (pickup or delivery), how it is paid, the delivery fee, the VAT it contains, stock levels as
 * shoppers see them and the limits on what one order (and one customer) may ask for.
 */

export const orderStatuses = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Order status labels shown to shoppers and staff. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'E pranuar',
  confirmed: 'E konfirmuar',
  shipped: 'E nisur',
  delivered: 'E dorëzuar',
  cancelled: 'E anuluar',
};

/** How an order reaches its customer. Pickup is the default: an order sent as `items` + `total` only. */
export const fulfilments = ['pickup', 'delivery'] as const;
export type Fulfilment = (typeof fulfilments)[number];
export const defaultFulfilment: Fulfilment = 'pickup';

export const fulfilmentLabels: Record<Fulfilment, string> = {
  pickup: 'Marrje në dyqan',
  delivery: 'Dërgesë në adresë',
};

/**
 * How an order is paid: cash (on delivery or at pickup, the default) or a bank transfer to the
 * shop's account ('Transfer bankar', issue 30, decision 043), which staff mark paid.
 */
export const paymentMethods = ['cash', 'transfer'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const defaultPaymentMethod: PaymentMethod = 'cash';

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cash: 'Para në dorë',
  transfer: 'Transfer bankar',
};

/** A customer may cancel their own order only while the shop has not yet confirmed it. */
export const canCustomerCancel = (status: OrderStatus): boolean => status === 'pending';

/** The statuses staff may set by hand (everything but the first). */
export const staffOrderStatuses = ['confirmed', 'shipped', 'delivered', 'cancelled'] as const satisfies readonly OrderStatus[];
export type StaffOrderStatus = (typeof staffOrderStatuses)[number];

/** Orders still on their way: they count against a customer's open-order cap. */
export const openOrderStatuses = ['pending', 'confirmed', 'shipped'] as const satisfies readonly OrderStatus[];
export const isOpenOrder = (status: OrderStatus): boolean => (openOrderStatuses as readonly OrderStatus[]).includes(status);

/**
 * The orders that are sales: confirmed by the shop, shipped or delivered. A pending order is only
 * asked for (the shop has not confirmed it, it may still be cancelled), a cancelled one never
 * sold. Every figure called 'Shitjet' (statistics, the dashboard, what a customer spent in the
 * exports) counts these and only these.
 */
export const saleOrderStatuses = ['confirmed', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];
export const countsAsSale = (status: OrderStatus): boolean => (saleOrderStatuses as readonly OrderStatus[]).includes(status);

/** Orders that stand: every one but cancelled (pending included). The statistics' counts of orders placed. */
export const standingOrderStatuses = ['pending', 'confirmed', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];

/** Stock goes back to the shelf when an order is cancelled (it was taken when the order was placed). */
export const returnsStock = (to: OrderStatus): boolean => to === 'cancelled';

/** What one order may hold (the schema's hard limits; the per-line cap below is configuration). */
export const orderLimits = {
  maxLines: 50,
  maxQuantity: 99,
  maxUnitPrice: 1_000_000,
  maxTotal: 100_000_000,
  name: 120,
  phone: 40,
  address: 300,
  note: 500,
} as const;

/** The status every new order starts in. */
export const initialOrderStatus: OrderStatus = 'pending';

/** The shop's order settings (from configuration), in cents and whole numbers. */
export interface OrderSettings {
  /** Fee of a home delivery. */
  deliveryFeeCents: number;
  /** A delivery whose lines reach this amount is free; null: never free. */
  freeDeliveryFromCents: number | null;
  /** VAT contained in every price, in percent (18 in Kosovo). */
  vatPercent: number;
  /** The most units of one product in one order. */
  maxPerLine: number;
  /** The most orders one customer may have open (pending, confirmed or shipped) at once. */
  maxOpenOrders: number;
  /** What an account whose e-mail is not verified may hold (issue 24 finding 7, decision 028). */
  unverified: UnverifiedOrderSettings;
}

/** The limits on accounts whose e-mail is not verified: throwaway accounts cannot hoard stock. */
export interface UnverifiedOrderSettings {
  /** The most open orders (pending, confirmed or shipped) such an account may have, the new one included. */
  maxOpenOrders: number;
  /** The most units those open orders may hold in all, the new order's included. */
  maxUnits: number;
  /** 'verified-only': home delivery needs a verified e-mail; 'allowed': it does not. */
  delivery: 'allowed' | 'verified-only';
}

/** Why an unverified account may not place an order: too many open orders, too many units, or delivery. */
export type UnverifiedOrderRefusal =
  { reason: 'open-orders'; max: number } | { reason: 'units'; max: number; held: number } | { reason: 'delivery' };

/**
 * Whether an account may place an order of `units` units with `fulfilment`, given what it already
 * holds open (issue 24 finding 7). A verified account is never refused here (the general
 * open-order cap still applies); an unverified one is held to `settings`. Undefined: allowed.
 */
export function unverifiedOrderRefusal(
  account: { emailVerified: boolean; openOrders: number; openUnits: number },
  order: { fulfilment: Fulfilment; units: number },
  settings: UnverifiedOrderSettings,
): UnverifiedOrderRefusal | undefined {
  if (account.emailVerified) return undefined;
  if (order.fulfilment === 'delivery' && settings.delivery === 'verified-only') return { reason: 'delivery' };
  if (account.openOrders + 1 > settings.maxOpenOrders) return { reason: 'open-orders', max: settings.maxOpenOrders };
  if (account.openUnits + order.units > settings.maxUnits) return { reason: 'units', max: settings.maxUnits, held: account.openUnits };
  return undefined;
}

/** The delivery fee of an order whose lines come to `subtotalCents`: pickup is free, delivery free from a threshold. */
export function deliveryFeeCents(
  fulfilment: Fulfilment,
  subtotalCents: number,
  settings: Pick<OrderSettings, 'deliveryFeeCents' | 'freeDeliveryFromCents'>,
): number {
  if (fulfilment === 'pickup') return 0;
  if (settings.freeDeliveryFromCents !== null && subtotalCents >= settings.freeDeliveryFromCents) return 0;
  return settings.deliveryFeeCents;
}

/** The VAT contained in a gross amount: 118,00 € at 18% contains 18,00 €. */
export function vatIncludedCents(grossCents: number, vatPercent: number): number {
  return Math.round((grossCents * vatPercent) / (100 + vatPercent));
}

/** How a product's stock shows to shoppers. */
export const stockStatuses = ['in-stock', 'low', 'out-of-stock'] as const;
export type StockStatus = (typeof stockStatuses)[number];

/**
 * At or below this many units a product shows 'Vetëm N të mbetura'. The same number is in the
 * product_variants trigger of migration 0012 (only changes at or below it reach the product cache);
 * orders.test.ts checks the two agree.
 */
export const LOW_STOCK_AT = 5;

/** A product's stock as shoppers see it: null quantity is unlimited (gift cards). */
export function stockState(quantity: number | null): { status: StockStatus; left: number | null } {
  if (quantity === null) return { status: 'in-stock', left: null };
  if (quantity <= 0) return { status: 'out-of-stock', left: 0 };
  if (quantity <= LOW_STOCK_AT) return { status: 'low', left: quantity };
  return { status: 'in-stock', left: null };
}

export const stockLabel = (state: { status: StockStatus; left: number | null }): string =>
  state.status === 'out-of-stock'
    ? "S'ka në stok"
    : state.status === 'low'
      ? state.left === 1
        ? 'Vetëm 1 e mbetur'
        : `Vetëm ${state.left} të mbetura`
      : 'Në stok';

/** Rows of the admin's order list per page. */
export const adminOrdersPageSize = 20;
