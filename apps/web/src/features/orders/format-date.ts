const months = ['janar', 'shkurt', 'mars', 'prill', 'maj', 'qershor', 'korrik', 'gusht', 'shtator', 'tetor', 'nëntor', 'dhjetor'];

// Intl gives the moment in Kosovo's time zone; the words are ours, because several browsers
// (Chromium among them) ship without Albanian locale data and would show English or "M11".
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Belgrade',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An order's moment as a shopper in Kosovo reads it: "21 nëntor 2026, 07:05" (Europe/Belgrade). */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]));
  return `${Number(p.day)} ${months[Number(p.month) - 1]} ${p.year}, ${p.hour}:${p.minute}`;
}
