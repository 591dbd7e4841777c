/** Albanian texts of the API's transport-level errors (bad URLs, headers, encodings, text the database cannot hold). */
export const httpMsg = {
  badRequest: 'Kërkesa nuk është e vlefshme.',
  badUrl: 'Adresa e kërkesës nuk është e vlefshme.',
  urlTooLong: 'Adresa e kërkesës është shumë e gjatë.',
  headersTooLarge: 'Kokat (headers) e kërkesës janë shumë të mëdha.',
  timeout: 'Kërkesa zgjati shumë. Provoni përsëri.',
  unsupportedEncoding: 'Kodimi i trupit të kërkesës nuk mbështetet. Dërgoni JSON të pakompresuar, gzip, deflate ose br.',
  invalidCharacters: 'Teksti përmban karaktere të palejuara.',
  // Decision 029: the bounded password queue is full (503 with Retry-After).
  passwordBusy: 'Shumë njerëz po hyjnë ose po regjistrohen tani. Provoni përsëri pas pak sekondash.',
} as const;
