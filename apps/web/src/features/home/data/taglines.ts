/** The hero's rotating tagline (product.md §2.3): five quotes, in this order, every 5 s, then again. */
export const taglines: readonly string[] = [
  'Telefonat më të rinj, me çmimet më të mira në Kosovë.',
  'Garanci 12-mujore për çdo telefon të ri.',
  'Servis profesional: shumica e riparimeve gati brenda ditës.',
  'Mbrojtëse, kufje dhe aksesorë për çdo model.',
  'Karta dhuratë: dhurata e përsosur për çdo rast.',
];

export const TAGLINE_INTERVAL_MS = 5000;

/** The next tagline index, wrapping after the last. */
export const nextTagline = (index: number, count = taglines.length): number => (index + 1) % count;
