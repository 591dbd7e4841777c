const dateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Belgrade',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "21.11.2026, 07:03" in the shop's zone. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** "2026-11-21" -> "21.11." (chart labels). */
export const formatDayShort = (day: string): string => `${day.slice(8, 10)}.${day.slice(5, 7)}.`;

/** "2026-11-21" -> "21.11.2026". */
export const formatDay = (day: string): string => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
