/**
 * Albanian texts of the catalogue's sort, facets and pages and of the browse call's validation
 * (issue 18, product.md §2.4, decision 022).
 */
import { browseLimits } from './domain/catalogue-browse';
import { groupThousands } from './domain/money';

export const browseMsg = {
  // Validation of GET /api/products/browse (400, with the field).
  query: `Teksti i kërkimit mund të ketë të shumtën ${browseLimits.maxQuery} shenja.`,
  sort: 'Renditja nuk njihet: zgjidhni relevance, featured, newest, price-asc, price-desc ose name.',
  brand: `Marka nuk është e vlefshme (të shumtën ${browseLimits.maxValues} marka, secila deri në ${browseLimits.maxBrand} shenja).`,
  storage: 'Memoria duhet të jetë një numër i plotë GB (p.sh. 128).',
  color: `Ngjyra nuk është e vlefshme (të shumtën ${browseLimits.maxValues} ngjyra, secila deri në 40 shenja).`,
  min: 'Çmimi minimal duhet të jetë një numër nga 0 deri në 1 000 000.',
  max: 'Çmimi maksimal duhet të jetë një numër nga 0 deri në 1 000 000.',
  minAboveMax: 'Çmimi minimal nuk mund të jetë më i madh se çmimi maksimal.',
  inStock: 'Fusha inStock pranon vetëm 1 ose 0.',
  category: 'Kategoria nuk njihet: zgjidhni phone, case, giftcard ose accessory.',
  page: `Faqja duhet të jetë një numër i plotë nga 1 deri në ${browseLimits.maxPage}.`,
  pageSize: `Madhësia e faqes duhet të jetë një numër i plotë nga 1 deri në ${browseLimits.maxPageSize}.`,

  // The storefront's controls.
  sortLabel: 'Rendit sipas',
  sortSubmit: 'Rendit',
  filters: 'Filtro',
  filtersTitle: 'Filtrat',
  closeFilters: 'Mbyll filtrat',
  apply: 'Zbato filtrat',
  clear: 'Pastro filtrat',
  brand_: 'Marka',
  storage_: 'Memoria',
  color_: 'Ngjyra',
  price_: 'Çmimi',
  category_: 'Kategoria',
  availability: 'Disponueshmëria',
  inStockOnly: 'Vetëm në stok',
  anyPrice: 'Çdo çmim',
  priceFrom: 'Nga (€)',
  priceTo: 'Deri (€)',
  results: (n: number) => (n === 1 ? '1 produkt' : `${groupThousands(n)} produkte`),
  noMatch: 'Asnjë produkt nuk përputhet me filtrat e zgjedhur.',
  pages: 'Faqet e produkteve',
  previousPage: 'Faqja e mëparshme',
  nextPage: 'Faqja tjetër',
  pageOf: (page: number, pages: number) => `Faqja ${page} nga ${pages}`,
  pageN: (page: number) => `Faqja ${page}`,
  pastLastPage: 'Kjo faqe nuk ka produkte.',
  firstPage: 'Shko te faqja e parë',
  loading: 'Duke ngarkuar produktet...',
  retry: 'Provo përsëri',
} as const;
