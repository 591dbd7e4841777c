/** The shopper's own orders: the orders feature lists them, the checkout adds to them. */
export const ordersKey = ['orders'] as const;
