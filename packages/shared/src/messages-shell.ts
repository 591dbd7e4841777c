/**
 * Albanian texts of the frame every page shows (top bar, dialogs of the layout): kept apart from
 * the feature texts, so the first page's script carries only these (a module goes into the first
 * script whole when the frame uses any of it).
 */

/** '1 artikull', '3 artikuj': the cart's size (on its own, for the top bar on every page). */
export const itemCountText = (n: number): string => (n === 1 ? '1 artikull' : `${n} artikuj`);

/** The question when a link signs in as another account than the one signed in (on every page). */
export const accountSwitchText = {
  switchTitle: 'Llogari tjetër',
  switchQuestion: (current: string, other: string) => `Jeni kyçur si ${current}. Të vazhdoni si ${other}?`,
  switchChecking: 'Duke kontrolluar lidhjen...',
  switchYes: 'Po, vazhdo',
  switchNo: 'Jo, qëndro',
  switchInvalid: (current: string) => `Lidhja nuk është e vlefshme. Mbeteni i kyçur si ${current}.`,
  switchClose: 'Mbyll',
} as const;

/** A list whose read failed (issue 18): never the empty text, always a way to ask again. */
export const listStateText = {
  failed: 'Diçka shkoi keq. Provo përsëri!',
  retry: 'Provo përsëri',
} as const;
