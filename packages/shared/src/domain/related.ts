/**
 * What the product page offers beside a product (issue 18): related products (the same kind,
 * the same brand first) and, for a phone, matching accessories (cases and accessories whose
 * compatibility names the phone, then the brand's own, then those that fit any phone). One rule
 * for the server that answers GET /api/products/{id}/related and the tests that check it.
 */
import type { Category } from './catalogue';

/** What the rule reads of a product. */
export interface RelatedCandidate {
  id: string;
  name: string;
  category: Category;
  brand: string;
  price: number;
  specs: Record<string, string>;
}

/** Cards in each of the two rows. */
export const RELATED_LIMIT = 4;

/** The spec label that says which devices a case or an accessory fits. */
export const COMPATIBILITY_SPEC = 'Përputhshmëria';

const isAccessoryLike = (c: Category) => c === 'case' || c === 'accessory';
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** 'iPhone 16 Pro Max 256 GB' -> 'iphone 16 pro max': the model without its storage. */
export function phoneModel(name: string): string {
  return norm(name.replace(/\s+\d+\s*(gb|tb)\b.*$/i, ''));
}

/**
 * How well an accessory's compatibility text fits a phone: 3 names the model ('iPhone 16 Pro
 * Max', 'Galaxy S25 Ultra'), 2 names its family by a range ('iPhone 12–16', 'iPhone 8 e më të
 * rinj'), 1 fits any phone ('Telefona ...'), 0 does not say it fits.
 */
export function compatibilityScore(compatibility: string, phoneName: string): number {
  const model = phoneModel(phoneName);
  let best = 0;
  for (const raw of compatibility.split(/,|;|\sdhe\s/)) {
    const entry = norm(raw);
    if (!entry) continue;
    if (model === entry || model.endsWith(` ${entry}`)) return 3;
    const family = /^(iphone|galaxy [a-z])\s?(\d+)\s*(?:[–-]\s*(\d+)|e më të rinj)/.exec(entry);
    const own = family ? new RegExp(`(?:^|\\s)${family[1]}\\s?(\\d+)`).exec(model) : null;
    if (family && own) {
      const n = Number(own[1]);
      const from = Number(family[2]);
      const to = family[3] === undefined ? Infinity : Number(family[3]);
      if (n >= from && n <= to) best = Math.max(best, 2);
    }
    if (/^telefona\b/.test(entry)) best = Math.max(best, 1);
  }
  return best;
}

const byName = (a: RelatedCandidate, b: RelatedCandidate) => a.name.localeCompare(b.name, 'sq');

/** The same kind of product, the same brand first, then the nearest price; never the product itself. */
export function relatedProducts<T extends RelatedCandidate>(product: RelatedCandidate, candidates: readonly T[]): T[] {
  const brand = norm(product.brand);
  return candidates
    .filter((c) => c.id.toLowerCase() !== product.id.toLowerCase() && c.category === product.category)
    .map((c) => ({ c, sameBrand: brand !== '' && norm(c.brand) === brand ? 0 : 1, gap: Math.abs(c.price - product.price) }))
    .sort((a, b) => a.sameBrand - b.sameBrand || a.gap - b.gap || byName(a.c, b.c))
    .slice(0, RELATED_LIMIT)
    .map((x) => x.c);
}

/**
 * For a phone: cases and accessories that fit it (named, then by family), then the brand's own,
 * then those that fit any phone. Other products get none.
 */
export function matchingAccessories<T extends RelatedCandidate>(product: RelatedCandidate, candidates: readonly T[]): T[] {
  if (product.category !== 'phone') return [];
  const brand = norm(product.brand);
  return candidates
    .filter((c) => isAccessoryLike(c.category) && c.id.toLowerCase() !== product.id.toLowerCase())
    .map((c) => {
      const fit = compatibilityScore(c.specs[COMPATIBILITY_SPEC] ?? '', product.name);
      const sameBrand = brand !== '' && norm(c.brand) === brand;
      // A case named for another model does not fit, whatever its brand.
      const namesOther = fit === 0 && c.category === 'case' && (c.specs[COMPATIBILITY_SPEC] ?? '') !== '';
      return { c, score: namesOther ? 0 : fit * 2 + (sameBrand ? 1 : 0) };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || byName(a.c, b.c))
    .slice(0, RELATED_LIMIT)
    .map((x) => x.c);
}
