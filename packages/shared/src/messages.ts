/** Albanian texts shared by the API and the web app. Texts quoted in docs/product.md are used exactly. */
export const msg = {
  // Generic API errors
  notFoundRoute: 'Kjo adresë e API-së nuk ekziston.',
  notFound: 'Nuk u gjet.',
  methodNotAllowed: 'Kjo metodë nuk lejohet për këtë adresë.',
  badJson: 'Trupi i kërkesës nuk është JSON i vlefshëm.',
  unsupportedMediaType: 'Lloji i përmbajtjes nuk mbështetet. Dërgoni JSON.',
  bodyTooLarge: 'Kërkesa është shumë e madhe.',
  tooManyRequests: 'Shumë përpjekje. Provoni përsëri pas pak.',
  serverError: 'Ndodhi një gabim në server. Provoni përsëri.',
  unavailable: 'Shërbimi nuk është i disponueshëm për momentin. Provoni përsëri pas pak.',
  unauthorized: 'Duhet të kyçeni për këtë veprim.',
  invalidToken: 'Sesioni nuk është i vlefshëm ose ka skaduar. Kyçuni përsëri.',
  forbidden: 'Nuk keni autorizim për këtë veprim.',
  blocked: 'Llogaria juaj është bllokuar. Kontaktoni dyqanin.',
  productNotFound: 'Produkt jo i gjetur',
} as const;
