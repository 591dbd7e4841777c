/** Albanian texts of the storefront (product.md §2.3, 2.4, 2.7, 8). Texts quoted in docs/product.md are used exactly. */
export const catalogueMsg = {
  blogPostNotFound: 'Artikulli nuk u gjet.',
  newsletterSuccess: 'Faleminderit! Do të marrësh lajmet e fundit së shpejti në email.',
  newsletterFailure: 'Diçka shkoi keq. Provo përsëri!',
} as const;

/**
 * Breadcrumb labels of the product detail page (product.md §2.4). The same map as `categoryLabels` in
 * schemas/product, kept here too so the web app can use it without loading Zod.
 */
export const breadcrumbLabels = {
  phone: 'Telefona',
  accessory: 'Aksesorë',
  case: 'Mbrojtëse',
  giftcard: 'Gift Card',
  samsung: 'samsung',
  iphone: 'iphone',
} as const satisfies Record<string, string>;
