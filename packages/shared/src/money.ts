/** Money is stored as integer cents and spoken as euros with 2 decimals. */
export const toCents = (euros: number): number => Math.round(euros * 100);
export const toEuros = (cents: number): number => Math.round(cents) / 100;

const euroFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
/** "1.249,00 €" as the shop shows prices (German locale, as the spec asks for sales figures). */
export const formatEuro = (euros: number): string => euroFormat.format(euros);
