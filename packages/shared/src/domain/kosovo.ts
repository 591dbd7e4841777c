/** Kosovo's municipalities and phone numbers, as the checkout and the profile ask for them. */

/** The 38 municipalities of Kosovo, in Albanian, alphabetical (the checkout's city select). */
export const municipalities = [
  'Deçan',
  'Dragash',
  'Drenas',
  'Ferizaj',
  'Fushë Kosovë',
  'Gjakovë',
  'Gjilan',
  'Graçanicë',
  'Hani i Elezit',
  'Istog',
  'Junik',
  'Kaçanik',
  'Kamenicë',
  'Klinë',
  'Kllokot',
  'Leposaviq',
  'Lipjan',
  'Malishevë',
  'Mamushë',
  'Mitrovicë e Jugut',
  'Mitrovicë e Veriut',
  'Novobërdë',
  'Obiliq',
  'Partesh',
  'Pejë',
  'Podujevë',
  'Prishtinë',
  'Prizren',
  'Rahovec',
  'Ranillug',
  'Shtërpcë',
  'Shtime',
  'Skenderaj',
  'Suharekë',
  'Viti',
  'Vushtrri',
  'Zubin Potok',
  'Zveçan',
] as const;
export type Municipality = (typeof municipalities)[number];

export const isMunicipality = (value: string): value is Municipality => (municipalities as readonly string[]).includes(value);

/**
 * A Kosovo phone number in any usual writing (+383 44 123 456, 00383 44 123 456, 044 123 456,
 * 044-123-456, (044) 123 456) as '+383 44 123 456'; null when it is not one. A Kosovo number is
 * 8 digits after the country code or the leading 0, and never starts with 0 there.
 */
export function normaliseKosovoPhone(value: string): string | null {
  const compact = value.trim().replace(/[\s().-]/g, '');
  const m = /^(?:\+383|00383|0)([1-9]\d{7})$/.exec(compact);
  if (!m) return null;
  const d = m[1]!;
  return `+383 ${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5)}`;
}
