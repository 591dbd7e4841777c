/**
 * What a terminal shows at start-up besides the log lines (decision 037): the first admin's
 * sign-in in a frame, so the generated password, shown only once, is not lost among the lines.
 * Operator-facing, so Albanian like the rest of the shop.
 */
export interface FirstAdmin {
  email: string;
  password: string;
}

/** The lines in a double frame, as wide as the longest line. */
export function framed(lines: readonly string[]): string {
  const width = Math.max(...lines.map((l) => [...l].length));
  const pad = (l: string) => l + ' '.repeat(width - [...l].length);
  return [`╔═${'═'.repeat(width)}═╗`, ...lines.map((l) => `║ ${pad(l)} ║`), `╚═${'═'.repeat(width)}═╝`].join('\n');
}

/** The first admin's e-mail and generated password, and where to sign in with them. */
export function firstAdminBox(admin: FirstAdmin, shopUrl: string): string {
  return framed([
    'Administratori i parë u krijua. Ruajeni fjalëkalimin tani:',
    'shfaqet vetëm këtë herë.',
    '',
    `E-mail:      ${admin.email}`,
    `Fjalëkalimi: ${admin.password}`,
    `Kyçuni te:   ${shopUrl}/login`,
  ]);
}
