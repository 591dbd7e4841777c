/** Today in the shop's zone (Europe/Belgrade) as YYYY-MM-DD, as the server dates a sheet. */
export function todayInShopZone(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Belgrade', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** 'YYYY-MM-DD...' as 'DD.MM.YYYY', the way dates are written in Kosovo. */
export function formatDateSq(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/** The same day `months` later (the last day of a shorter month): 2025-01-31 + 1 = 2025-02-28. */
export function addMonths(iso: string, months: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const lastDay = new Date(Date.UTC(y, mo - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, mo - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}
