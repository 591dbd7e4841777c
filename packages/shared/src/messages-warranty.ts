/** Albanian texts of the warranty sheets (product.md §2.9, 4, 5, 8). Texts quoted in docs/product.md are used exactly. */
export const warrantyMessages = {
  // Validation of a sheet to print, in the spec's order (product.md §5).
  emri: 'Shkruani emrin.',
  mbiemri: 'Shkruani mbiemrin.',
  contact: 'Vendosni nje numer telefoni ose nje email te vlefshem.',
  device: 'Zgjidhni pajisjen dhe modelin.',
  imei: 'IMEI duhet te jete saktësisht 14 shifra.',
  software: 'Zgjidhni versionin e softuerit.',
  duration: 'Zgjidhni kohezgjatjen e garancionit.',
  price: 'Shkruani cmimin.',
  // Saving (product.md §4, 8).
  draftSaved: 'Drafti eshte ruajtur me sukses!',
  noToken: 'Token i aksesit mungon! Kyqu si admin.',
  saveFailed: 'Gabim gjate ruajtjes!',
  offline: 'Backend-i i garancionit Nuk eshte Online. Kontrollo deploy-in ose radhitjen e route-ve ne backend!',
  // List (product.md §2.9, 5).
  searchPlaceholder: 'Kerko garancione...',
  deleteConfirm: 'A je i sigurt që do ta fshish këtë garancion?',
  empty: 'Nuk ka garancione në sistem.',
  // Our own texts.
  emriChars: 'Emri ka shenja të padukshme ose që ndajnë rreshtin: shkruajeni vetëm me shkronja.',
  mbiemriChars: 'Mbiemri ka shenja të padukshme ose që ndajnë rreshtin: shkruajeni vetëm me shkronja.',
  online: 'Backend-i i garancionit është online.',
  notFound: 'Garancioni nuk u gjet.',
  deleted: 'Garancioni u fshi.',
  printedLocked: 'Një garancion i printuar nuk mund të ndryshohet.',
  printedSaved: 'Garancioni u ruajt dhe u dërgua për printim.',
  deleteFailed: 'Garancioni nuk u fshi. Provoni përsëri.',
  printDraft: 'Një draft nuk printohet: plotësojeni dhe printojeni nga formulari.',
  printRecorded: 'Printimi i garancionit u shënua.',
} as const;
