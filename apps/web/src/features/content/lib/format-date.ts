const months = ['janar', 'shkurt', 'mars', 'prill', 'maj', 'qershor', 'korrik', 'gusht', 'shtator', 'tetor', 'nëntor', 'dhjetor'];

/**
 * "2026-10-30" as a reader's date: "30 tetor 2026". Written out by hand because browsers do not
 * all ship Albanian month names.
 */
export function formatPostDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = m ? months[Number(m[2]) - 1] : undefined;
  if (!m || !month) return isoDate;
  return `${Number(m[3])} ${month} ${m[1]}`;
}
