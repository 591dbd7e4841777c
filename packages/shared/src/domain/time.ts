/**
 * The shop's clock: "today" and every date shown are Kosovo's (Europe/Belgrade), whatever zone
 * the server or the browser runs in. Month names are written out by hand because several browsers
 * (Chromium among them) ship without Albanian locale data.
 */

/** Kosovo's time zone. */
export const SHOP_TIME_ZONE = 'Europe/Belgrade';

export const albanianMonths = [
  'janar',
  'shkurt',
  'mars',
  'prill',
  'maj',
  'qershor',
  'korrik',
  'gusht',
  'shtator',
  'tetor',
  'nëntor',
  'dhjetor',
] as const;

// Intl formatters are made on first use: making one costs tens of ms of a page's first render.
let dayFormat: Intl.DateTimeFormat | undefined;
let partsFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** Today in the shop's zone as YYYY-MM-DD (a warranty sheet's date, "sales today"). */
export function todayInShop(now: Date = new Date()): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return dayFormat.format(now);
}

const isoDay = (iso: string) => /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);

/** 'YYYY-MM-DD...' as 'DD.MM.YYYY', the way dates are written in Kosovo; other text as it is. */
export function formatDay(iso: string): string {
  const m = isoDay(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/** 'YYYY-MM-DD' as 'DD.MM.' (chart labels). */
export function formatDayShort(iso: string): string {
  const m = isoDay(iso);
  return m ? `${m[3]}.${m[2]}.` : iso;
}

/** "2026-10-30" as a reader's date: "30 tetor 2026"; other text as it is. */
export function formatLongDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = m ? albanianMonths[Number(m[2]) - 1] : undefined;
  if (!m || !month) return isoDate;
  return `${Number(m[3])} ${month} ${m[1]}`;
}

/** A moment as a shopper in Kosovo reads it: "21 nëntor 2026, 07:05"; '' for a bad date. */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  partsFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(partsFormat.formatToParts(date).map((x) => [x.type, x.value]));
  return `${Number(p.day)} ${albanianMonths[Number(p.month) - 1]} ${p.year}, ${p.hour}:${p.minute}`;
}

/** A moment in figures, for staff lists: "21.11.2026, 07:03". */
export function formatDateTime(iso: string): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('de-DE', {
    timeZone: SHOP_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return dateTimeFormat.format(new Date(iso));
}

/** The same day `months` later (the last day of a shorter month): 2025-01-31 + 1 = 2025-02-28. */
export function addMonths(iso: string, months: number): string {
  const m = isoDay(iso);
  if (!m) return iso;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const lastDay = new Date(Date.UTC(y, mo - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, mo - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** The `days` dates ending with `today` (YYYY-MM-DD), oldest first. */
export function lastDays(today: string, days: number): string[] {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const end = Date.UTC(y, m - 1, d);
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}
