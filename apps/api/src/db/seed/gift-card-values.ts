/**
 * The seeded products that issue a gift card when sold, and the card's value in cents (decision
 * 048): the contract's physical cards of 50, 75, 100 and 200 euro. Migration 0024 sets the same
 * values on a shop seeded before it.
 */
export const seededGiftCardValueCents: Readonly<Record<string, number>> = {
  'karte-dhurate-50': 5_000,
  'karte-dhurate-75': 7_500,
  'karte-dhurate-100': 10_000,
  'karte-dhurate-200': 20_000,
};
