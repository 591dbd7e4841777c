import { breadcrumbLabels } from '@shop/shared/messages-catalogue';
import type { Product } from '@shop/shared/schemas/product';

/**
 * The breadcrumb's category: the spec's labels (phone Telefona, accessory Aksesorë, case Mbrojtëse,
 * giftcard Gift Card, samsung, iphone). The iPhone and Samsung catalogues keep their own label.
 */
export function breadcrumbCategory(p: Pick<Product, 'category' | 'collection'>): { label: string; to: string } {
  const label = breadcrumbLabels[p.category] ?? p.category;
  if (p.collection === 'iphone') return { label: breadcrumbLabels.iphone, to: '/products/iphone' };
  if (p.collection === 'samsung') return { label: breadcrumbLabels.samsung, to: '/products/samsung' };
  if (p.collection === 'accessories') return { label, to: '/products/accessories' };
  return { label, to: '/products' };
}

/** The order the specs table follows; the database does not keep the keys' order. Others follow, A-Z. */
const specOrder = [
  'Lloji',
  'Ekrani',
  'Procesori',
  'Çipi',
  'Memoria',
  'RAM',
  'Kamera',
  'Bateria',
  'Kapaciteti',
  'Fuqia',
  'Karikimi',
  'Porta',
  'Lidhja',
  'Anulimi i zhurmës',
  'Teknologjia',
  'Përputhshmëria',
  'Materiali',
  'Ngjyra',
  'Pesha',
  'Trashësia',
  'Gjatësia',
  'Rezistenca',
  'Rezistenca ndaj ujit',
  'Vlera',
  'Afati',
  'Përdorimi',
  'Garancia',
];

export function orderedSpecs(specs: Record<string, string>): [string, string][] {
  const rank = (k: string) => {
    const i = specOrder.indexOf(k);
    return i === -1 ? specOrder.length - 1 : i;
  };
  return Object.entries(specs).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, 'sq'));
}
