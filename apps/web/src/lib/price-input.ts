/** A price typed into a staff form, as the shared schemas read it (products, repair estimates and prices). */
/** "12,50" or "12.50" -> 12.5; empty -> undefined (so the schema says the price is missing). */
export function parsePrice(text: string): number | undefined {
  const t = text.trim().replace(/\s/g, '');
  if (t === '') return undefined;
  if (!/^\d+([.,]\d*)?$/.test(t)) return Number.NaN;
  return Number(t.replace(',', '.'));
}
