/**
 * The one rule for the characters of a person's name (accounts: register and profile; delivery's
 * recipient; a repair's customer; a warranty sheet's first and last name), used by every name
 * field's schema and by the names Google gives us (decision 027).
 *
 * A name may not hold a character that hides, breaks or reorders text, so one name cannot be made
 * to look like another in a list, a mail, a CSV file or a printed sheet:
 * - controls (\p{Cc}: tab, line feed, NEL, ...) and format characters (\p{Cf}: the bidi overrides
 *   and isolates U+202A–U+202E, U+2066–U+2069, the marks U+200E/U+200F/U+061C, zero-width space
 *   and joiners, U+2060, the BOM, the soft hyphen, tag characters);
 * - every line and paragraph separator (\p{Zl} U+2028, \p{Zp} U+2029);
 * - the combining grapheme joiner U+034F (invisible, only changes how marks sort);
 * - the blank fillers that render as nothing (Hangul fillers, the blank Braille pattern);
 * - a variation selector standing alone.
 *
 * "Standing alone" means not directly after a character the selector can vary: the emoji
 * selectors U+FE0E/U+FE0F only right after a pictographic character (an emoji, ©, ®, ™, ...),
 * the selectors U+FE00–U+FE0D and U+E0100–U+E01EF only right after an ideograph, the Mongolian
 * free variation selectors only right after a Mongolian letter. So 'Arta ❤️' passes, while a
 * selector at the start, after a letter, a space or another selector (which shows nothing and only
 * makes two equal-looking names differ) is refused, and so is a name made only of them.
 */
const NEVER_IN_NAMES = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u034F\u115F\u1160\u3164\uFFA0\u2800]/u;

/** A variation selector, and the test of the character before it that it may follow. */
const selectorBases: readonly [RegExp, RegExp][] = [
  [/^[\uFE0E\uFE0F]$/u, /^\p{Extended_Pictographic}$/u],
  [/^[\uFE00-\uFE0D\u{E0100}-\u{E01EF}]$/u, /^\p{Ideographic}$/u],
  [/^[\u180B-\u180D\u180F]$/u, /^\p{Script=Mongolian}$/u],
];
const ANY_SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u180B-\u180D\u180F]/u;

/** Whether the code point `c` (one character) may stand after `before` (the previous one, or undefined at the start). */
function allowedAfter(c: string, before: string | undefined): boolean {
  if (NEVER_IN_NAMES.test(c)) return false;
  if (!ANY_SELECTOR.test(c)) return true;
  const rule = selectorBases.find(([selector]) => selector.test(c));
  return before !== undefined && !!rule && rule[1].test(before);
}

/** Whether a name holds a character the rule above refuses. */
export function hasHiddenCharacters(name: string): boolean {
  let before: string | undefined;
  for (const c of name) {
    if (!allowedAfter(c, before)) return true;
    before = c;
  }
  return false;
}

/** The name without the characters the rule refuses (for names that come from elsewhere, such as Google's). */
export function withoutHiddenCharacters(name: string): string {
  let kept = '';
  let before: string | undefined;
  for (const c of name) {
    if (!allowedAfter(c, before)) continue;
    kept += c;
    before = c;
  }
  return kept;
}
