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
  /** A staff member ('Punonjës') on an owner-only route (decision 041). */
  ownerOnly: 'Ky veprim lejohet vetëm për pronarin e dyqanit. Punonjësit nuk kanë qasje këtu.',
  productNotFound: 'Produkt jo i gjetur',
} as const;

/**
 * What a server-rendered page says without JavaScript where its part needs it (issue 26): shown
 * in <noscript>, in place of a loading note or a button that could do nothing.
 */
export const noScriptText = {
  cart: 'Shporta ruhet në këtë shfletues dhe ka nevojë për JavaScript. Aktivizoni JavaScript për të shtuar produkte, për ta parë shportën dhe për të porositur.',
  checkout: 'Porosia ka nevojë për JavaScript: shporta ruhet në këtë shfletues. Aktivizoni JavaScript për të vazhduar.',
  form: 'Ky formular ka nevojë për JavaScript. Aktivizoni JavaScript në shfletues dhe provoni përsëri.',
  verify: 'Verifikimi i email-it ka nevojë për JavaScript. Aktivizoni JavaScript dhe hapni lidhjen përsëri.',
} as const;
