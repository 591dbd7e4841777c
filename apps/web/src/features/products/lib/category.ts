import { categoryLabels, collectionLabels } from '@shop/shared/domain/catalogue';
import { cataloguePath, PRODUCTS_PATH } from '@shop/shared/domain/routes';
import type { Product } from '@shop/shared/schemas/product';

/**
 * The breadcrumb's category: the category's label (phone Telefona, accessory Aksesorë, case
 * Mbrojtëse, giftcard Gift Card); the iPhone and Samsung catalogues keep their own label (samsung,
 * iphone). It links to the catalogue page that lists the product.
 */
export function breadcrumbCategory(p: Pick<Product, 'category' | 'collection'>): { label: string; to: string } {
  const label = categoryLabels[p.category] ?? p.category;
  if (p.collection === 'iphone' || p.collection === 'samsung') {
    return { label: collectionLabels[p.collection] ?? label, to: cataloguePath(p.collection) };
  }
  if (p.collection === 'accessories') return { label, to: cataloguePath('accessories') };
  return { label, to: PRODUCTS_PATH };
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
