/**
 * Scheduled sale prices ('Ulje me afat', issue 29, decision 050): a variant's price and old price
 * for a span of time. The states, their Albanian labels, the percentage rule, the overlap rule and
 * the shop-time conversion of the staff screen's date-time fields. Loaded by the staff screen and
 * the API only, never by the home page.
 */
import { SHOP_TIME_ZONE } from './time';

export const saleStates = ['planned', 'active', 'ended', 'cancelled'] as const;
export type SaleState = (typeof saleStates)[number];

export const saleStateLabels: Record<SaleState, string> = {
  planned: 'E planifikuar',
  active: 'Aktive',
  ended: 'Përfundoi',
  cancelled: 'Anuluar',
};

/** A schedule that still holds its span (an overlapping one is refused). */
export const openSaleStates: readonly SaleState[] = ['planned', 'active'];

/**
 * What the end of a sale did to the variant: its price put back; the price staff typed by hand
 * during the sale kept; never applied (the price had meanwhile dropped to or below the sale's, or
 * the whole span passed while no server ran).
 */
export const saleOutcomes = ['restored', 'kept', 'skipped'] as const;
export type SaleOutcome = (typeof saleOutcomes)[number];

export const saleOutcomeLabels: Record<SaleOutcome, string> = {
  restored: 'Çmimi i rregullt u rikthye',
  kept: 'U mbajt çmimi i ndryshuar me dorë gjatë uljes',
  skipped: 'Nuk u zbatua',
};

/** The largest percentage off a sale may take. */
export const MAX_SALE_PERCENT = 90;

/**
 * THE rounding rule of a percentage sale: the price less `percent` %, to the nearest cent (a half
 * cent up). 1.149,00 € less 15 % is 976,65 €; 0,99 € less 50 % is 0,50 €.
 */
export function percentOffCents(priceCents: number, percent: number): number {
  return Math.round((priceCents * (100 - percent)) / 100);
}

/** Why a sale price cannot be put on a variant whose regular price is `regularCents`; null when it can. */
export function salePriceProblem(saleCents: number, regularCents: number): 'not-positive' | 'not-lower' | null {
  if (saleCents <= 0) return 'not-positive';
  if (saleCents >= regularCents) return 'not-lower';
  return null;
}

/** Whether two spans [start, end) share a moment (a sale ending at 18:00 and one starting at 18:00 do not). */
export function spansOverlap(a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

let partsFormat: Intl.DateTimeFormat | undefined;

/** The shop's wall clock at `date` as 'YYYY-MM-DDTHH:mm' (the value of a datetime-local field). */
export function toShopLocal(date: Date): string {
  partsFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(partsFormat.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * 'YYYY-MM-DDTHH:mm' (seconds allowed, as a datetime-local field may give them) read on the shop's wall clock (Europe/Belgrade) as a moment; null when it is
 * not such a text. A time the clock skips when summer time starts is read one hour later; one it
 * shows twice when it ends, the first time.
 */
export function fromShopLocal(local: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi, sec] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, sec);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || sec > 59)
    return null;
  const offsetAt = (t: number) => {
    const shown = toShopLocal(new Date(t));
    const s = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(shown)!.slice(1).map(Number) as number[];
    return Date.UTC(s[0]!, s[1]! - 1, s[2]!, s[3]!, s[4]!) - Math.floor(t / 60_000) * 60_000;
  };
  // The zone's offset is at most a few hours: guess with the offset at the wall time, then correct once.
  let t = asUtc - offsetAt(asUtc);
  t = asUtc - offsetAt(t);
  return new Date(t);
}

/** 'Oferta mbaron më 30.11. në 23:59': when an active sale ends, on the shop's clock. */
export function saleEndsText(endsAt: string): string {
  const local = toShopLocal(new Date(endsAt));
  return `Oferta mbaron më ${local.slice(8, 10)}.${local.slice(5, 7)}. në ${local.slice(11, 16)}`;
}
