const euro2 = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const euro0 = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** "1.249,00 €": prices with 2 decimals (server list, cart, sales). */
export const formatPrice = (euros: number): string => `${euro2.format(euros)} €`;
/** "1.249 €": whole-euro catalogue prices as the spec shows them. */
export const formatWholePrice = (euros: number): string => `${euro0.format(euros)} €`;
