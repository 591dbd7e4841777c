/**
 * The shop's settings ('Cilësimet', issue 30, decision 043): what the owner may change without a
 * release — contact numbers for WhatsApp and Viber, the bank account for transfers, how long an
 * unpaid transfer order waits, the couriers and their tracking addresses, and the counter's
 * discount limit. The defaults are the details the printed papers use today (`shop.ts`). No Zod
 * here: the storefront reads these rules without loading a schema.
 */
import { formatPrice } from './money';
import { shop } from './shop';
import { DEFAULT_COUNTER_DISCOUNT_MAX_PERCENT } from './counter';

export interface Courier {
  /** The name staff pick and the customer reads: 'Posta e Kosovës'. */
  name: string;
  /** The courier's tracking page with `{tracking}` where the number goes; '' when it has none. */
  trackingUrl: string;
}

export interface ShopSettings {
  shopName: string;
  shopAddress: string;
  shopPhone: string;
  /** The numbers for 'Porosit me WhatsApp' / 'Porosit me Viber', in the shop's phone writing ('+383 44 123 456'). */
  whatsappNumber: string;
  viberNumber: string;
  bankName: string;
  /** Stored without spaces, upper case: 'XK051212012345678906'. */
  iban: string;
  /** Whole days after which an unpaid bank-transfer order is cancelled and its stock returned. */
  transferDays: number;
  couriers: Courier[];
  /** The owner's limit for a line discount at the counter, in percent. */
  counterDiscountMaxPercent: number;
}

/** What the storefront may read without signing in (GET /api/settings/contact). */
export type ShopContact = Pick<ShopSettings, 'shopName' | 'shopPhone' | 'whatsappNumber' | 'viberNumber' | 'bankName' | 'iban'> & {
  /** The couriers' names, for staff sending an order (their tracking addresses stay in 'Cilësimet'). */
  couriers: string[];
};

export const TRACKING_PLACEHOLDER = '{tracking}';
export const MIN_TRANSFER_DAYS = 1;
export const MAX_TRANSFER_DAYS = 30;
export const MAX_COURIERS = 10;

export const defaultShopSettings: ShopSettings = {
  shopName: shop.name,
  shopAddress: `${shop.street}, ${shop.city}, ${shop.country}`,
  shopPhone: shop.phone,
  whatsappNumber: shop.phone,
  viberNumber: shop.phone,
  bankName: 'Banka për Biznes',
  // A Kosovo IBAN with a valid checksum (the owner replaces it with the shop's own in 'Cilësimet').
  iban: 'XK051212012345678906',
  transferDays: 3,
  couriers: [
    { name: 'Posta e Kosovës', trackingUrl: 'https://www.postakosoves.com/gjurmimi?kodi={tracking}' },
    { name: 'Albanian Courier', trackingUrl: 'https://albaniancourier.al/gjurmo?nr={tracking}' },
    { name: 'EX Kosova', trackingUrl: '' },
  ],
  counterDiscountMaxPercent: DEFAULT_COUNTER_DISCOUNT_MAX_PERCENT,
};

/** An IBAN as typed ('xk05 1212 0123 4567 8906') in its stored form: no spaces, upper case. */
export const normaliseIban = (value: string): string => value.replace(/[\s-]+/g, '').toUpperCase();

/** Whether an IBAN (stored form) passes the ISO 13616 mod-97 check. */
export function ibanChecksumOk(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

export const ibanMessages = {
  start: 'IBAN duhet të fillojë me kodin e shtetit (p.sh. XK) dhe 2 shifra kontrolli.',
  kosovo: 'IBAN i Kosovës ka XK dhe 18 shifra (20 shenja gjithsej).',
  length: 'IBAN duhet të ketë 15 deri në 34 shenja.',
  checksum: 'IBAN nuk është i saktë: shifrat e kontrollit nuk përputhen.',
} as const;

/** What is wrong with an IBAN (stored form), in Albanian, or null. Kosovo's are XK + 18 digits. */
export function ibanProblem(iban: string): string | null {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return ibanMessages.start;
  if (iban.startsWith('XK') && !/^XK\d{18}$/.test(iban)) return ibanMessages.kosovo;
  if (iban.length < 15 || iban.length > 34) return ibanMessages.length;
  if (!ibanChecksumOk(iban)) return ibanMessages.checksum;
  return null;
}

/** An IBAN in groups of four as printed: 'XK05 1212 0123 4567 8906'. */
export const formatIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The courier's tracking page for a number, or null when the courier has no tracking page. The
 * number is URL-encoded, so a tracking number can never change the address's path or host.
 */
export function trackingUrl(courier: Courier | null | undefined, number: string | null | undefined): string | null {
  if (!courier || !number || !courier.trackingUrl.includes(TRACKING_PLACEHOLDER)) return null;
  return courier.trackingUrl.split(TRACKING_PLACEHOLDER).join(encodeURIComponent(number.trim()));
}

/** The courier of that name in the settings' list (names compare without case), or null. */
export const findCourier = (settings: Pick<ShopSettings, 'couriers'>, name: string | null | undefined): Courier | null =>
  name ? (settings.couriers.find((c) => c.name.toLocaleLowerCase('sq') === name.toLocaleLowerCase('sq')) ?? null) : null;

/** A tracking number couriers hand out: 4 to 40 letters, digits and dashes. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{2,38}[A-Za-z0-9]$/;

/** The storefront's view of the settings. */
export const contactOf = (s: ShopSettings): ShopContact => ({
  shopName: s.shopName,
  shopPhone: s.shopPhone,
  whatsappNumber: s.whatsappNumber,
  viberNumber: s.viberNumber,
  bankName: s.bankName,
  iban: s.iban,
  couriers: s.couriers.map((c) => c.name),
});

/** The day an unpaid transfer order placed at `placedAt` is cancelled. */
export const transferDeadline = (placedAt: Date, days: number): Date => new Date(placedAt.getTime() + days * 86_400_000);

/** One line of an order asked for by chat: the product, its variant, how many, the unit price and its page. */
export interface ChatOrderLine {
  name: string;
  variant?: string | null;
  quantity: number;
  price: number;
  url: string;
}

/**
 * The prefilled Albanian message of 'Porosit me WhatsApp' / 'Porosit me Viber' (issue 30, decision
 * 043): the lines with variant, quantity, price and link, and the total when more than one line.
 */
export function chatOrderMessage(lines: readonly ChatOrderLine[]): string {
  const rows = lines.map((l) => `• ${l.name}${l.variant ? ` (${l.variant})` : ''}, ${l.quantity} × ${formatPrice(l.price)}\n  ${l.url}`);
  const total = lines.reduce((s, l) => s + Math.round(l.price * 100) * l.quantity, 0) / 100;
  return [
    'Përshëndetje! Dua ta porosis:',
    ...rows,
    ...(lines.length > 1 || lines.some((l) => l.quantity > 1) ? [`Totali: ${formatPrice(total)}`] : []),
    'Emri dhe adresa për dërgesë: ',
  ].join('\n');
}

const digitsOf = (e164: string) => e164.replace(/\D/g, '');

/** Opens WhatsApp with the shop's number and the message. */
export const whatsappOrderLink = (number: string, text: string): string =>
  `https://wa.me/${digitsOf(number)}?text=${encodeURIComponent(text)}`;

/** Opens Viber's chat with the shop's number, the message as its draft. */
export const viberOrderLink = (number: string, text: string): string =>
  `viber://chat?number=%2B${digitsOf(number)}&draft=${encodeURIComponent(text)}`;
