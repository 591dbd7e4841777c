/**
 * Euro amounts as the shop writes them (German-style grouping, as in Kosovo): "1.249,00 €".
 * Written out by hand rather than with Intl.NumberFormat: creating the first Intl formatter loads
 * the browser's locale data, which costs 20-40 ms on the main thread of every first page that shows
 * a price (format.test.ts checks the output is Intl's, digit for digit).
 */
function euros(value: number, minDecimals: 0 | 2): string {
  const cents = Math.round(Math.abs(value) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  let decimals = String(cents % 100).padStart(2, '0');
  if (minDecimals === 0) decimals = decimals.replace(/0+$/, '');
  const sign = value < 0 && cents > 0 ? '-' : '';
  return `${sign}${whole}${decimals ? `,${decimals}` : ''} €`;
}

/** "1.249,00 €": prices with 2 decimals (server list, cart, sales). */
export const formatPrice = (amount: number): string => euros(amount, 2);
/** "1.249 €": whole-euro catalogue prices as the spec shows them (cents only when there are some). */
export const formatWholePrice = (amount: number): string => euros(amount, 0);
