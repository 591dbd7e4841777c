/** "Today" in the shop's zone (Europe/Belgrade) as YYYY-MM-DD. */
export function todayIn(timeZone = 'Europe/Belgrade', now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
