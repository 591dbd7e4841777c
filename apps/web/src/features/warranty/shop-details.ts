/** The shop as its printed documents name it (the same details as the footer). */
export const SHOP_DETAILS = {
  name: 'MobileShop KS',
  address: 'Rruga Nëna Terezë 25, 10000 Prishtinë, Kosovë',
  phone: '+383 44 123 456',
} as const;
