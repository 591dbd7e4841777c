/**
 * Phones as units (issue 28, decision 040): a serialized variant's stock is the count of its units
 * in stock not yet promised to an order, each unit an IMEI with its life. The IMEI rule, the
 * statuses and their labels, and which categories are serialized by default.
 */
import type { Category } from './catalogue';

export const unitStatuses = ['in_stock', 'reserved', 'sold', 'returned', 'in_repair'] as const;
export type UnitStatus = (typeof unitStatuses)[number];

export const unitStatusLabels: Record<UnitStatus, string> = {
  in_stock: 'Në stok',
  reserved: 'E rezervuar',
  sold: 'E shitur',
  returned: 'E kthyer',
  in_repair: 'Në riparim',
};

/**
 * Phones, tablets and watches are serialized by default: the contract files watches and tablets
 * under 'phone' (SPEC §3), so the rule is the phone category.
 */
export const serializedByDefault = (category: Category): boolean => category === 'phone';

/** The most IMEIs one receipt takes. */
export const MAX_UNITS_PER_RECEIPT = 200;

/** An IMEI as typed or scanned, without spaces, dashes or dots ('35 209900 176148 1' -> '352099001761481'). */
export const normalizeImei = (text: string): string => text.replace(/[\s\-.]/g, '');

/** The Luhn check of a digit string (the last digit is the check digit). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The check digit that makes `body` (14 digits) a valid 15-digit IMEI. */
export function imeiCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return String(d);
  return '0';
}

export const imeiMessages = {
  empty: 'Shkruani IMEI-në.',
  notDigits: 'IMEI duhet të ketë vetëm shifra.',
  length: 'IMEI duhet të ketë 15 shifra (14 për të dhënat e vjetra).',
  checkDigit: 'IMEI nuk është i vlefshëm: shifra e fundit (kontrolli Luhn) nuk përputhet.',
} as const;

/**
 * What is wrong with an IMEI, or null when it is good: 15 digits whose last is the Luhn check
 * digit, or 14 digits (the contract's warranty sheets and old data keep the IMEI without its check
 * digit, SPEC §7: 'IMEI exactly 14 digits'). Spaces and dashes are ignored.
 */
export function imeiProblem(text: string): string | null {
  const imei = normalizeImei(text);
  if (imei === '') return imeiMessages.empty;
  if (!/^[0-9]+$/.test(imei)) return imeiMessages.notDigits;
  if (imei.length === 14) return null;
  if (imei.length !== 15) return imeiMessages.length;
  return luhnValid(imei) ? null : imeiMessages.checkDigit;
}

export const isValidImei = (text: string): boolean => imeiProblem(text) === null;
