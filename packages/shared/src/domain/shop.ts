/**
 * The shop's own details, written once: the footer, the terms page, the service pages and the
 * printed papers (warranty sheet, maintenance contract, docs/product.md §10.8) read them here.
 */
const postalCode = '10000';
const locality = 'Prishtinë';

export const shop = {
  name: 'MobileShop KS',
  street: 'Rruga Nëna Terezë 25',
  city: `${postalCode} ${locality}`,
  postalCode,
  locality,
  country: 'Kosovë',
  /** ISO 3166 code of Kosovo in common use (schema.org addresses). */
  countryCode: 'XK',
  phone: '+383 44 123 456',
  email: 'info@mobileshop-ks.com',
  /** Opening hours: open `days` from `opens` to `closes`, closed on `closedDay`. */
  days: 'E hënë – E shtunë',
  opens: '09:00',
  closes: '21:00',
  closedDay: 'E diel',
  /** Working days a home delivery takes anywhere in Kosovo (the product page, the checkout, the order page). */
  deliveryDays: '1-2',
  /** The open days as schema.org names them (the same days as `days`). */
  openDayNames: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
} as const;

/** The phone in international digits, for links: '38344123456'. */
const phoneDigits = shop.phone.replace(/\D/g, '');

/** Links that call, message or mail the shop. */
export const shopLinks = {
  tel: `tel:+${phoneDigits}`,
  whatsapp: `https://wa.me/${phoneDigits}`,
  viber: `viber://chat?number=%2B${phoneDigits}`,
  mail: `mailto:${shop.email}`,
} as const;

/** The address on one line: 'Rruga Nëna Terezë 25, 10000 Prishtinë, Kosovë'. */
export const shopAddress = () => `${shop.street}, ${shop.city}, ${shop.country}`;

/** The days in running text: 'e hënë – e shtunë'. */
export const openDaysText = () => shop.days.toLowerCase();

/** 'Dërgesa 1-2 ditë pune në gjithë Kosovën': the product page's delivery note (issue 18). */
export const deliveryNote = () => `Dërgesa ${shop.deliveryDays} ditë pune në gjithë Kosovën`;
