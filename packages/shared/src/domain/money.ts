/**
 * Money: stored as integer cents, spoken as euros with at most 2 decimals, shown German-style
 * ("1.249,00 €") as shoppers in Kosovo read it. Every cents rule of the shop lives here.
 */

/** Euros to whole cents (19.99 -> 1999; float noise such as 0.1 + 0.2 rounds away). */
export const toCents = (euros: number): number => Math.round(euros * 100);

/** Whole cents to euros (1999 -> 19.99). */
export const toEuros = (cents: number): number => Math.round(cents) / 100;

/** Whole cents: 19.99 passes, 19.994 does not (float noise such as 0.1 + 0.2 is tolerated). */
export const isWholeCents = (euros: number): boolean => Math.abs(Math.round(euros * 100) - euros * 100) < 1e-6;

/** Whether two euro amounts are the same price to the cent. */
export const sameCents = (a: number, b: number): boolean => toCents(a) === toCents(b);

/** A line's total in cents: the unit price in cents times the quantity. */
export const lineTotalCents = (unitPrice: number, quantity: number): number => toCents(unitPrice) * quantity;

/** A line's total in euros. */
export const lineTotal = (unitPrice: number, quantity: number): number => toEuros(lineTotalCents(unitPrice, quantity));

/** The total of several lines in cents (each line rounded to cents first, as the server sums them). */
export const linesTotalCents = (lines: readonly { price: number; quantity: number }[]): number =>
  lines.reduce((sum, l) => sum + lineTotalCents(l.price, l.quantity), 0);

/** The total of several lines in euros. */
export const linesTotal = (lines: readonly { price: number; quantity: number }[]): number => toEuros(linesTotalCents(lines));

/** The sum of several euro amounts, added as cents so 0.1 + 0.2 is 0.3. */
export const sumEuros = (amounts: readonly number[]): number => toEuros(amounts.reduce((s, a) => s + toCents(a), 0));

/** The largest total a stored order can hold: the column is a 32-bit integer of cents. */
export const MAX_STORED_CENTS = 2_147_483_647;

/**
 * A whole number German-style ("1.000", "12.345"), as `n.toLocaleString('de-DE')` writes it, by hand
 * for the reason below (a label built when a module loads would otherwise create a formatter
 * before the page is interactive).
 */
export const groupThousands = (n: number): string =>
  `${n < 0 ? '-' : ''}${String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

/**
 * Written out by hand rather than with Intl.NumberFormat: creating the first Intl formatter loads
 * the browser's locale data, which costs 20-40 ms on the main thread of every first page that shows
 * a price (money.test.ts checks the output is Intl's de-DE, digit for digit).
 */
function euros(value: number, minDecimals: 0 | 2): string {
  const cents = Math.round(Math.abs(value) * 100);
  const whole = groupThousands(Math.floor(cents / 100));
  // Whole euros may drop their cents; anything else shows both digits ("139,50 €", never "139,5 €").
  const decimals = minDecimals === 0 && cents % 100 === 0 ? '' : String(cents % 100).padStart(2, '0');
  const sign = value < 0 && cents > 0 ? '-' : '';
  return `${sign}${whole}${decimals ? `,${decimals}` : ''} €`;
}

/** "1.249,00 €": prices with 2 decimals (server list, cart, sales). */
export const formatPrice = (amount: number): string => euros(amount, 2);

/**
 * "1.249 €": catalogue prices, whole euros where the price is whole; otherwise both cent digits
 * ("139,50 €"), the same as formatPrice. A price never shows one decimal (product.md §9).
 */
export const formatWholePrice = (amount: number): string => euros(amount, 0);

/**
 * A percentage of an amount in whole cents, rounded half up to the cent (10 % of 12,345 -> 1,235):
 * the one rounding rule of a percentage discount (domain/discounts).
 */
export const percentOfCents = (cents: number, percent: number): number => Math.round((cents * percent) / 100);
