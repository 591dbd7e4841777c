/** Albanian texts of the storefront (product.md §2.3, 2.4, 2.7, 8). Texts quoted in docs/product.md are used exactly. */
export const catalogueMsg = {
  blogPostNotFound: 'Artikulli nuk u gjet.',
  newsletterSuccess: 'Faleminderit! Do të marrësh lajmet e fundit së shpejti në email.',
  newsletterFailure: 'Diçka shkoi keq. Provo përsëri!',
} as const;
