/** Albanian texts of the admin's searchable, sorted and paged lists, the CSV exports and the statistics range (decision 021). */
export const listsMsg = {
  // API errors
  sort: 'Renditja nuk është e vlefshme.',
  dir: 'Drejtimi i renditjes duhet të jetë "asc" ose "desc".',
  from: 'Data "nga" duhet të jetë një ditë e vlefshme (VVVV-MM-DD).',
  to: 'Data "deri" duhet të jetë një ditë e vlefshme (VVVV-MM-DD).',
  rangeOrder: 'Data "nga" duhet të jetë para ose e njëjtë me datën "deri".',
  rangeTooLong: 'Periudha mund të jetë të shumtën 366 ditë.',

  // Lists
  searchButton: 'Kërko',
  sortLabel: 'Rendit sipas',
  dirLabel: 'Drejtimi',
  productsSearchLabel: 'Kërko në listën e produkteve',
  productsSearchPlaceholder: 'Kërko sipas emrit, id-së ose përshkrimit',
  productsPager: 'Faqet e produkteve',
  productsCount: (n: number) => (n === 1 ? '1 produkt' : `${n} produkte`),
  productsNoMatch: "S'ka produkte për këtë kërkim.",
  usersSearchLabel: 'Kërko përdorues',
  usersSearchPlaceholder: 'Kërko sipas emrit ose email-it',
  usersPager: 'Faqet e përdoruesve',
  usersCount: (n: number) => (n === 1 ? '1 llogari' : `${n} llogari`),
  usersNoMatch: 'Asnjë përdorues nuk përputhet me kërkimin.',
  warrantyPager: 'Faqet e garancioneve',

  // Exports
  exportTitle: 'Eksporto CSV',
  exportFrom: 'Nga',
  exportTo: 'Deri',
  exportWhat: 'Çfarë',
  exportButton: 'Eksporto CSV',
  exportBusy: 'Duke përgatitur skedarin...',
  exportDone: (file: string) => `Skedari ${file} u shkarkua.`,
  exportKinds: {
    orders: 'Porositë (një rresht për çdo artikull)',
    warranty: 'Fletët e garancionit',
    customers: 'Klientët',
    newsletter: 'Adresat e newsletter-it',
  },

  // Statistics
  rangeTitle: 'Periudha',
  rangeApply: 'Shfaq',
  rangeSummary: (from: string, to: string) => `Nga ${from} deri ${to}`,
  rangeSales: 'Shitjet në periudhë',
  rangeOrders: 'Porositë në periudhë',
  averageOrderValue: 'Vlera mesatare e porosisë',
  byCategory: 'Të ardhurat sipas kategorisë',
  byChannel: 'Sipas kanalit',
  channelOnline: 'Online (faqja dhe bisedat)',
  channelCounter: 'Në dyqan (arka)',
  topProducts: '10 produktet më të shitura',
  /** Issue 27: the best-sellers by variant (colour, memory). */
  topVariants: '10 variantet më të shitura',
  withoutVariant: 'pa opsione',
  byStatus: 'Porositë sipas statusit',
  otherCategory: 'Të tjera (produkt i fshirë)',
  noSalesInRange: "S'ka shitje në këtë periudhë.",
} as const;
