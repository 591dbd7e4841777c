/**
 * The shop's own details, written once: the footer, the terms page, the service pages and the
 * printed papers (warranty sheet, maintenance contract, docs/product.md §10.8) read them here.
 */
export const shop = {
  name: 'MobileShop KS',
  street: 'Rruga Nëna Terezë 25',
  city: '10000 Prishtinë',
  country: 'Kosovë',
  phone: '+383 44 123 456',
  email: 'info@mobileshop-ks.com',
  /** Open on these days (first and last), these hours; closed on `closedDay`. */
  openDays: ['e hënë', 'e shtunë'],
  opens: '09:00',
  closes: '21:00',
  closedDay: 'e diel',
} as const;

/** The address on one line: 'Rruga Nëna Terezë 25, 10000 Prishtinë, Kosovë'. */
export const shopAddress = `${shop.street}, ${shop.city}, ${shop.country}`;

/** The phone in international digits only: '38344123456'. */
const phoneDigits = shop.phone.replace(/\D/g, '');

/** Links that call, message or mail the shop. */
export const shopLinks = {
  tel: `tel:+${phoneDigits}`,
  whatsapp: `https://wa.me/${phoneDigits}`,
  viber: `viber://chat?number=%2B${phoneDigits}`,
  mail: `mailto:${shop.email}`,
} as const;

/** 'e hënë – e shtunë 09:00–21:00', as sentences in running text name the opening hours. */
export const openingHoursText = `${shop.openDays[0]} – ${shop.openDays[1]} ${shop.opens}–${shop.closes}`;
