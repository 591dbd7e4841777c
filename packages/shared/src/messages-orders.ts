import type { Fulfilment, OrderStatus, PaymentMethod } from './domain/orders';
import { openDaysText, shop, shopAddress } from './domain/shop';
import { itemCountText } from './messages-shell';

/** Albanian texts of the cart, the checkout and the customer's order list. Texts quoted in docs/product.md are used exactly. */
export const cartText = {
  // product.md §2.5 / 5 / 8
  empty: 'Shporta është bosh!',
  remove: 'Largojeni',
  clear: 'Pastro Shportën',
  checkout: 'Checkout',
  confirm: 'Konfirmo Porosinë',
  loginRequired: 'Duhet të kyçeni!',
  success: 'Porosia u krye me sukses!',
  failurePrefix: 'Gabim: ',
  failureFallback: 'Checkout dështoi',
  // Ours
  cartTitle: 'Shporta',
  checkoutTitle: 'Checkout',
  cartDescription: 'Produktet në shportën tuaj, sasitë dhe totali.',
  checkoutDescription: 'Kontrolloni produktet dhe konfirmoni porosinë.',
  total: 'Totali',
  quantity: 'Sasia',
  decrease: (name: string) => `Zvogëlo sasinë e ${name}`,
  increase: (name: string) => `Rrit sasinë e ${name}`,
  quantityOf: (name: string) => `Sasia e ${name}`,
  removeLabel: (name: string) => `Largojeni ${name} nga shporta`,
  browse: 'Shiko produktet',
  backToCart: 'Ndrysho shportën',
  sending: 'Duke dërguar porosinë...',
  guestHint: 'Për të konfirmuar porosinë duhet të jeni të kyçur.',
  loginAgain: 'Kyçuni përsëri',
  itemCount: itemCountText,
  updatedTitle: 'Shporta u përditësua me të dhënat aktuale të dyqanit:',
  priceChanged: (name: string, from: string, to: string) => `Çmimi i “${name}” ndryshoi nga ${from} në ${to}.`,
  removedProduct: (name: string) => `“${name}” nuk ofrohet më dhe u hoq nga shporta.`,
  reviewAndConfirm: 'Kontrolloni totalin e ri dhe konfirmoni përsëri.',
  maxPerLine: (n: number) => `Të shumtën ${n} copë nga një produkt në një porosi.`,
} as const;

/** The checkout's choices: how the order is received, the delivery details, payment and the sums. */
export const checkoutText = {
  receiveLegend: 'Si do ta merrni porosinë?',
  pickupHint: 'Falas. E merrni në dyqan dhe paguani në dorë.',
  deliveryHint: `Me korrier në adresën tuaj, zakonisht për ${shop.deliveryDays} ditë pune.`,
  shopAt: `Dyqani: ${shopAddress()}`,
  shopHours: `Orari: ${shop.days}, ${shop.opens}–${shop.closes}; ${shop.closedDay} mbyllur.`,
  deliveryTitle: 'Të dhënat e dërgesës',
  fullName: 'Emri dhe mbiemri',
  phone: 'Telefoni',
  phoneHint: 'p.sh. 044 123 456; nga jashtë me prefiks, p.sh. +41 79 123 45 67',
  city: 'Komuna',
  cityPlaceholder: 'Zgjidhni komunën',
  address: 'Adresa',
  addressHint: 'Rruga, numri, hyrja dhe kati nëse ka.',
  note: 'Shënim për porosinë (opsional)',
  noteHint: 'p.sh. orari kur jeni në shtëpi',
  paymentLegend: 'Pagesa',
  cashHint: 'Paguani me para në dorë: korrierit në dorëzim ose në dyqan.',
  transferHint: 'Paguani me transfer bankar në llogarinë e dyqanit; IBAN-in dhe referencën i shihni pas porosisë dhe në email.',
  subtotal: 'Nëntotali',
  deliveryFee: 'Dërgesa',
  free: 'Falas',
  freeFrom: (amount: string) => `Dërgesa falas nga ${amount}`,
  feeLoading: 'Duke llogaritur dërgesën...',
  feeUnavailable: 'Tarifa e dërgesës nuk u ngarkua. Provoni përsëri pas pak ose zgjidhni marrjen në dyqan.',
  fixFields: 'Plotësoni saktë fushat e shënuara.',
} as const;

export const myOrdersText = {
  title: 'Porositë e mia',
  loading: 'Duke ngarkuar...',
  error: 'Porositë nuk mund të ngarkohen tani. Provoni përsëri më vonë.',
  empty: 'Nuk keni bërë ende asnjë porosi.',
  order: (id: number) => `Porosia #${id}`,
  date: 'Data',
  status: 'Statusi',
  items: 'Produktet',
  total: 'Totali',
  view: (id: number) => `Shiko porosinë #${id}`,
  totalWithFee: 'Totali me dërgesë',
} as const;

/** The order page /porosia/{id}: the customer's own order, its details, history and cancelling. */
export const orderPageText = {
  title: (id: number) => `Porosia #${id}`,
  description: 'Porosia juaj: produktet, totali, mënyra e marrjes, statusi dhe historiku.',
  loading: 'Duke ngarkuar porosinë...',
  error: 'Porosia nuk mund të ngarkohet tani. Provoni përsëri më vonë.',
  retry: 'Provo përsëri',
  notFound: 'Porosia nuk u gjet.',
  notFoundHint: 'Mund të shihni vetëm porositë tuaja.',
  toMyOrders: 'Porositë e mia',
  placedAt: 'Bërë më',
  status: 'Statusi',
  nextStep: 'Çfarë ndodh tani',
  items: 'Produktet',
  vatIncluded: (percent: number) => `TVSH e përfshirë (${percent}%)`,
  receive: 'Marrja',
  pickupAt: 'Në dyqan',
  hours: 'Orari',
  recipient: 'Marrësi',
  phone: 'Telefoni',
  address: 'Adresa',
  note: 'Shënimi',
  payment: 'Pagesa',
  history: 'Historiku',
  byCustomer: 'nga ju',
  byShop: 'nga dyqani',
  placed: 'Porosia u bë',
  cancel: 'Anulo porosinë',
  cancelTitle: (id: number) => `Ta anulojmë porosinë #${id}?`,
  cancelText: 'Porosia nuk do të përgatitet dhe produktet kthehen në stok. Ky veprim nuk kthehet mbrapsht.',
  cancelYes: 'Po, anuloje',
  cancelNo: 'Jo, mbaje',
  cancelling: 'Duke anuluar...',
  cancelFailed: 'Porosia nuk u anulua: ',
  /** A delivered order's line the customer has not rated yet: to the product's review form. */
  rate: 'Vlerëso produktin',
} as const;

/** The profile's editable details: name, phone and the saved delivery address. */
export const profileEditText = {
  title: 'Të dhënat e mia',
  intro: 'Emri, telefoni dhe adresa e dërgesës që ju ofrohen në checkout.',
  name: 'Emri',
  phone: 'Telefoni',
  phoneHint: 'p.sh. 044 123 456 ose +41 79 123 45 67; lëreni bosh për ta hequr.',
  deliveryLegend: 'Adresa e dërgesës',
  keepDelivery: 'Ruaj adresën e dërgesës',
  save: 'Ruaj ndryshimet',
  saving: 'Duke ruajtur...',
  saved: 'Ndryshimet u ruajtën.',
  failed: 'Ndryshimet nuk u ruajtën: ',
  tryAgain: 'Provoni përsëri pas pak.',
  noPhone: 'Pa numër telefoni',
  noDelivery: 'Asnjë adresë e ruajtur',
  fixFields: 'Kontrolloni fushat e shënuara.',
} as const;

/**
 * What happens next, for the order page and the order e-mails: one text per status and way of
 * receiving the order. The shop's address and hours come from domain/shop.
 */
export function orderNextStep(status: OrderStatus, fulfilment: Fulfilment, paymentMethod: PaymentMethod = 'cash'): string {
  const atShop = `${shop.street}, ${shop.city}, ${openDaysText()} ${shop.opens}–${shop.closes}`;
  if (paymentMethod === 'transfer' && status !== 'delivered' && status !== 'cancelled') {
    // A bank transfer (decision 043): nothing is paid at the door.
    if (status === 'shipped')
      return 'Porosia u nis me korrier dhe arrin zakonisht brenda 1–2 ditëve pune. Korrieri ju telefonon para dorëzimit.';
    return fulfilment === 'pickup'
      ? `Sapo të arrijë pagesa me transfer bankar, porosia ju pret në dyqan (${atShop}).`
      : `Sapo të arrijë pagesa me transfer bankar, e nisim porosinë; dërgesa arrin zakonisht për ${shop.deliveryDays} ditë pune.`;
  }
  switch (status) {
    case 'pending':
      return fulfilment === 'pickup'
        ? `E morëm porosinë. Do t’ju telefonojmë sapo ta përgatisim; pastaj e merrni në dyqan (${atShop}) dhe paguani në dorë.`
        : `E morëm porosinë. Do t’ju telefonojmë brenda ditës së punës për ta konfirmuar; dërgesa arrin zakonisht për ${shop.deliveryDays} ditë pune dhe paguhet korrierit në dorëzim.`;
    case 'confirmed':
      return fulfilment === 'pickup'
        ? `Porosia është gati dhe ju pret në dyqan (${atShop}). Paguani në dorë kur ta merrni.`
        : 'Porosia u konfirmua dhe po përgatitet për dërgesë. Do t’ju njoftojmë kur të niset.';
    case 'shipped':
      return 'Porosia u nis me korrier dhe arrin zakonisht brenda 1–2 ditëve pune. Korrieri ju telefonon para dorëzimit; paguani në dorë.';
    case 'delivered':
      return 'Porosia u dorëzua. Kuponi fiskal u lëshua në dorëzim. Faleminderit që blini te ne!';
    case 'cancelled':
      return `Porosia u anulua. Nëse keni pyetje, na shkruani ose telefononi në ${shop.phone}.`;
  }
}

/** The guest checkout and a guest order's page (issue 30, decision 042). */
export const guestCheckoutText = {
  orLogin: 'Keni llogari? Kyçuni dhe konfirmoni porosinë.',
  continueAsGuest: 'Vazhdo pa llogari',
  guestLegend: 'Të dhënat tuaja',
  guestIntro: 'Porosisni pa llogari: ju dërgojmë porosinë dhe lidhjen e saj në email.',
  name: 'Emri juaj',
  email: 'Email-i juaj',
  emailHint: 'Aty vjen konfirmimi dhe lidhja e porosisë.',
  phone: 'Telefoni juaj',
  phoneHint: 'Numër i Kosovës (044 123 456) ose nga jashtë me prefiks (+41 79 123 45 67).',
  placeOrder: 'Porosit pa llogari',
  cancelGuest: 'Kthehu te kyçja',
  pageTitle: 'Porosia juaj',
  pageDescription: 'Porosia juaj pa llogari: produktet, totali, statusi dhe anulimi sa është e pranuar.',
  contact: 'Kontakti',
  notFound: 'Porosia nuk u gjet.',
  notFoundHint: 'Lidhja nuk është e saktë. Hapni lidhjen nga email-i i porosisë ose na kontaktoni.',
  createAccount: 'Krijo llogari',
  /** Beside the checkout's 'Krijo llogari': registering there comes back to the checkout signed in. */
  registerHere: 'Pa llogari ende?',
  createAccountHint: 'Krijoni një llogari me këtë email: pasi ta verifikoni, porositë tuaja shfaqen te “Porositë e mia”.',
  toShop: 'Vazhdo blerjet',
} as const;

/** A bank-transfer order and a sent order's tracking on the order's page (issue 30, decision 043). */
export const transferText = {
  title: 'Pagesa me transfer bankar',
  intro: 'Paguani shumën në llogarinë e dyqanit dhe shkruani referencën, që ta njohim pagesën tuaj.',
  bank: 'Banka',
  iban: 'IBAN',
  amount: 'Shuma',
  reference: 'Referenca',
  payBy: 'Paguani deri më',
  payByHint: 'Pa pagesë deri atëherë, porosia anulohet dhe produktet kthehen në stok.',
  paid: (day: string) => `Pagesa u pranua më ${day}. Faleminderit!`,
  copy: 'Kopjo IBAN-in',
  copied: 'IBAN-i u kopjua.',
  shipmentTitle: 'Dërgesa',
  courier: 'Korrieri',
  trackingNumber: 'Numri i gjurmimit',
  track: 'Gjurmo dërgesën',
  newTab: '(hapet në një dritare të re)',
  cashReceived: (day: string) => `Paratë nga korrieri u pranuan më ${day}.`,
} as const;
