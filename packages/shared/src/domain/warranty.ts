/**
 * Warranty sheets: the brands, models and software the form offers, the durations and payment
 * types, and the checks on a sheet's values that need no schema (the Zod rules in
 * schemas/warranty.ts run these in the order docs/product.md §5 gives).
 */
import { isWholeCents } from './money';
import { addMonths, todayInShop } from './time';

/** An IMEI as the shop writes it on its papers: exactly 14 digits. */
export const IMEI_DIGITS = 14;
export const isImei = (imei: string): boolean => /^\d{14}$/.test(imei);

export const warrantyBrands = ['Apple', 'Samsung', 'Xiaomi'] as const;
export type WarrantyBrand = (typeof warrantyBrands)[number];

export interface CatalogueGroup {
  /** Albanian group label for the select's optgroup. */
  label: string;
  options: readonly string[];
}

/** Models per brand: Apple phones, tablets, watches; Samsung the same; Xiaomi also bands. */
export const warrantyModels: Record<WarrantyBrand, readonly CatalogueGroup[]> = {
  Apple: [
    {
      label: 'Telefona',
      options: [
        'iPhone 11',
        'iPhone 11 Pro',
        'iPhone 11 Pro Max',
        'iPhone SE (2020)',
        'iPhone 12 mini',
        'iPhone 12',
        'iPhone 12 Pro',
        'iPhone 12 Pro Max',
        'iPhone 13 mini',
        'iPhone 13',
        'iPhone 13 Pro',
        'iPhone 13 Pro Max',
        'iPhone SE (2022)',
        'iPhone 14',
        'iPhone 14 Plus',
        'iPhone 14 Pro',
        'iPhone 14 Pro Max',
        'iPhone 15',
        'iPhone 15 Plus',
        'iPhone 15 Pro',
        'iPhone 15 Pro Max',
        'iPhone 16e',
        'iPhone 16',
        'iPhone 16 Plus',
        'iPhone 16 Pro',
        'iPhone 16 Pro Max',
      ],
    },
    {
      label: 'Tabletë',
      options: [
        'iPad (9th generation)',
        'iPad (10th generation)',
        'iPad (A16)',
        'iPad mini (6th generation)',
        'iPad mini (A17 Pro)',
        'iPad Air (5th generation)',
        'iPad Air 11-inch (M2)',
        'iPad Air 13-inch (M2)',
        'iPad Pro 11-inch (M4)',
        'iPad Pro 13-inch (M4)',
      ],
    },
    {
      label: 'Ora',
      options: [
        'Apple Watch SE (2nd generation)',
        'Apple Watch Series 7',
        'Apple Watch Series 8',
        'Apple Watch Series 9',
        'Apple Watch Series 10',
        'Apple Watch Ultra',
        'Apple Watch Ultra 2',
      ],
    },
  ],
  Samsung: [
    {
      label: 'Telefona',
      options: [
        'Galaxy S21',
        'Galaxy S21+',
        'Galaxy S21 Ultra',
        'Galaxy S22',
        'Galaxy S22+',
        'Galaxy S22 Ultra',
        'Galaxy S23',
        'Galaxy S23+',
        'Galaxy S23 Ultra',
        'Galaxy S23 FE',
        'Galaxy S24',
        'Galaxy S24+',
        'Galaxy S24 Ultra',
        'Galaxy S24 FE',
        'Galaxy S25',
        'Galaxy S25+',
        'Galaxy S25 Ultra',
        'Galaxy Z Flip5',
        'Galaxy Z Fold5',
        'Galaxy Z Flip6',
        'Galaxy Z Fold6',
        'Galaxy A15',
        'Galaxy A16',
        'Galaxy A25',
        'Galaxy A35',
        'Galaxy A55',
        'Galaxy A56',
      ],
    },
    {
      label: 'Tabletë',
      options: [
        'Galaxy Tab A9',
        'Galaxy Tab A9+',
        'Galaxy Tab S9',
        'Galaxy Tab S9 FE',
        'Galaxy Tab S9 Ultra',
        'Galaxy Tab S10+',
        'Galaxy Tab S10 Ultra',
      ],
    },
    {
      label: 'Ora',
      options: [
        'Galaxy Watch Active2',
        'Galaxy Watch3',
        'Galaxy Watch4',
        'Galaxy Watch5',
        'Galaxy Watch5 Pro',
        'Galaxy Watch6',
        'Galaxy Watch6 Classic',
        'Galaxy Watch7',
        'Galaxy Watch Ultra',
      ],
    },
  ],
  Xiaomi: [
    {
      label: 'Telefona',
      options: [
        'Xiaomi 12',
        'Xiaomi 12 Pro',
        'Xiaomi 13',
        'Xiaomi 13 Pro',
        'Xiaomi 13T',
        'Xiaomi 13T Pro',
        'Xiaomi 14',
        'Xiaomi 14 Ultra',
        'Xiaomi 14T',
        'Xiaomi 14T Pro',
        'Xiaomi 15',
        'Redmi Note 12',
        'Redmi Note 12 Pro',
        'Redmi Note 13',
        'Redmi Note 13 Pro',
        'Redmi Note 13 Pro+',
        'Redmi Note 14',
        'Redmi Note 14 Pro',
        'Redmi 13C',
        'Redmi 14C',
        'POCO X6 Pro',
        'POCO F6',
      ],
    },
    {
      label: 'Tabletë',
      options: ['Xiaomi Pad 6', 'Xiaomi Pad 6S Pro', 'Xiaomi Pad 7', 'Redmi Pad SE', 'Redmi Pad Pro'],
    },
    {
      label: 'Ora',
      options: ['Xiaomi Watch S1', 'Xiaomi Watch S3', 'Xiaomi Watch 2', 'Redmi Watch 4', 'Redmi Watch 5 Active'],
    },
    {
      label: 'Byzylykë',
      options: ['Xiaomi Smart Band 7', 'Xiaomi Smart Band 8', 'Xiaomi Smart Band 8 Pro', 'Xiaomi Smart Band 9', 'Xiaomi Smart Band 9 Pro'],
    },
  ],
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Software per brand. Apple: iOS and iPadOS 14-18, and the watchOS of the same years (7-11, since
 * watchOS is numbered on its own). Samsung: Android 10-15 with their One UI, Tizen and Wear OS.
 * Xiaomi: MIUI 12-14, HyperOS, and the systems of its watches and bands.
 */
export const warrantySoftware: Record<WarrantyBrand, readonly CatalogueGroup[]> = {
  Apple: [
    { label: 'Telefona', options: range(14, 18).map((v) => `iOS ${v}`) },
    { label: 'Tabletë', options: range(14, 18).map((v) => `iPadOS ${v}`) },
    { label: 'Ora', options: range(7, 11).map((v) => `watchOS ${v}`) },
  ],
  Samsung: [
    {
      label: 'Telefona dhe tabletë',
      options: [
        'Android 10 (One UI 2)',
        'Android 11 (One UI 3)',
        'Android 12 (One UI 4)',
        'Android 13 (One UI 5)',
        'Android 14 (One UI 6)',
        'Android 15 (One UI 7)',
      ],
    },
    { label: 'Ora', options: ['Tizen', 'Wear OS (One UI Watch)'] },
  ],
  Xiaomi: [
    { label: 'Telefona dhe tabletë', options: ['MIUI 12', 'MIUI 12.5', 'MIUI 13', 'MIUI 14', 'HyperOS 1', 'HyperOS 2'] },
    { label: 'Ora dhe byzylykë', options: ['Wear OS', 'HyperOS (ora)', 'Xiaomi Vela OS', 'Mi Band OS'] },
  ],
};

/** '1 muaj' ... '24 muaj' (product.md §9: 1 to 24 months in steps of 1). */
export const warrantyDurations = range(1, 24).map((n) => `${n} muaj`);

/** How a sheet (and a maintenance contract) is paid. */
export const paymentTypes = ['Cash', 'Transfer Bankar', 'POS'] as const;
export type PaymentType = (typeof paymentTypes)[number];

export const warrantyStatuses = ['draft', 'printed'] as const;
export type WarrantyStatus = (typeof warrantyStatuses)[number];

/** Largest price a sheet takes, in euros (stored as integer cents). */
export const WARRANTY_MAX_PRICE = 100_000;

/**
 * Input caps the form uses; the schema takes the same. The IMEI's cap is only against junk, far
 * above its 14 digits: the field never cuts what was typed or scanned (a 15-digit IMEI would print
 * as 14), the print rule refuses anything but 14 digits with the spec's message.
 */
export const warrantyLimits = {
  emri: 100,
  mbiemri: 100,
  telefoni: 30,
  email: 254,
  imei: 50,
  komente: 1000,
} as const;

export const isWarrantyBrand = (v: string): v is WarrantyBrand => (warrantyBrands as readonly string[]).includes(v);
const inGroups = (groups: readonly CatalogueGroup[], v: string) => groups.some((g) => g.options.includes(v));

export const modelsOf = (brand: string): readonly CatalogueGroup[] => (isWarrantyBrand(brand) ? warrantyModels[brand] : []);
export const softwareOf = (brand: string): readonly CatalogueGroup[] => (isWarrantyBrand(brand) ? warrantySoftware[brand] : []);
export const isCatalogueModel = (brand: string, model: string) => inGroups(modelsOf(brand), model);
export const isCatalogueSoftware = (brand: string, software: string) => inGroups(softwareOf(brand), software);

/** Months of a duration such as '6 muaj', or null when it is not one of the offered ones. */
export const durationMonths = (kohezgjatja: string): number | null =>
  warrantyDurations.includes(kohezgjatja) ? Number.parseInt(kohezgjatja, 10) : null;

/** A phone: digits with the usual separators, at least 8 digits (product.md §9) and at most 15. */
export const isValidPhone = (phone: string) => {
  if (!/^\+?[\d\s()./-]+$/.test(phone)) return false;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= 8 && digits <= 15;
};
/** A price in euros: not negative, at most 2 decimals, within the store's range. */
export const isValidPrice = (cmimi: number | null | undefined): cmimi is number =>
  typeof cmimi === 'number' && Number.isFinite(cmimi) && cmimi >= 0 && cmimi <= WARRANTY_MAX_PRICE && isWholeCents(cmimi);

/**
 * The last day a sheet's warranty covers (YYYY-MM-DD): its start date plus its duration, the
 * month's last day when the start day does not exist there (2025-01-31 + 1 muaj = 2025-02-28);
 * null for a duration not offered or a start that is not a date.
 */
export function warrantyEndDate(start: string, kohezgjatja: string): string | null {
  const months = durationMonths(kohezgjatja);
  if (months === null || !/^\d{4}-\d{2}-\d{2}/.test(start)) return null;
  return addMonths(start.slice(0, 10), months);
}

/** Whether a sheet's warranty still runs. */
export const warrantyStates = ['active', 'expired'] as const;
export type WarrantyState = (typeof warrantyStates)[number];

/** How staff read a sheet's state in the warranty list. */
export const warrantyStateLabels: Record<WarrantyState, string> = {
  active: 'Aktive',
  expired: 'Skaduar',
};

/**
 * A printed sheet is active while its period runs: its end date (`warrantyEndDate` of `data` and
 * `kohezgjatja`) is on or after today in the shop's zone, expired after it. A draft has no state
 * (null), with or without a duration: it is no warranty yet, and its date moves to the day it is
 * printed.
 */
export function warrantyState(
  sheet: { status: string; data: string; kohezgjatja: string },
  today: string = todayInShop(),
): WarrantyState | null {
  if (sheet.status !== 'printed') return null;
  const end = warrantyEndDate(sheet.data, sheet.kohezgjatja);
  if (end === null) return null;
  return end >= today ? 'active' : 'expired';
}
