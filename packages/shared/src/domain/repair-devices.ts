/**
 * The devices the repair counter takes in (issue 26): the brands a phone shop repairs, the models
 * it suggests for each, 'Tjetër' with a model typed by hand, and the pattern lock a customer may
 * leave beside the PIN. The warranty sheet keeps its own three brands (domain/warranty); the
 * repair counter's list is this one, written once for the form, the schema and the server.
 */
import { modelsOf, type CatalogueGroup } from './warranty';

/** The brand for any device not in the list: its model (and maker) is typed by hand. */
export const OTHER_REPAIR_BRAND = 'Tjetër';

export const repairBrands = [
  'Apple',
  'Samsung',
  'Xiaomi',
  'Huawei',
  'Google Pixel',
  'OnePlus',
  'Honor',
  'Motorola',
  'Nokia',
  'Oppo',
  'Realme',
  'PlayStation',
  OTHER_REPAIR_BRAND,
] as const;
export type RepairBrand = (typeof repairBrands)[number];

export const isRepairBrand = (brand: string): brand is RepairBrand => (repairBrands as readonly string[]).includes(brand);

const phones = (options: readonly string[]): CatalogueGroup => ({ label: 'Telefona', options });
const tablets = (options: readonly string[]): CatalogueGroup => ({ label: 'Tabletë', options });

/**
 * Models the form suggests per brand beyond the warranty catalogue's three (Apple, Samsung and
 * Xiaomi keep theirs: phones, tablets such as iPad and Galaxy Tab, watches). A model not listed is
 * typed by hand: the list helps, it does not limit.
 */
const moreModels: Partial<Record<RepairBrand, readonly CatalogueGroup[]>> = {
  Huawei: [
    phones([
      'P30',
      'P30 Pro',
      'P40',
      'P40 Pro',
      'P50 Pro',
      'P60 Pro',
      'Pura 70',
      'Mate 20 Pro',
      'Mate 40 Pro',
      'Nova 9',
      'Nova 11',
      'Nova 12',
    ]),
    tablets(['MatePad 11', 'MatePad Pro', 'MatePad SE']),
  ],
  'Google Pixel': [
    phones([
      'Pixel 6',
      'Pixel 6 Pro',
      'Pixel 6a',
      'Pixel 7',
      'Pixel 7 Pro',
      'Pixel 7a',
      'Pixel 8',
      'Pixel 8 Pro',
      'Pixel 8a',
      'Pixel 9',
      'Pixel 9 Pro',
      'Pixel 9 Pro XL',
    ]),
    tablets(['Pixel Tablet']),
  ],
  OnePlus: [
    phones(['OnePlus 9', 'OnePlus 10 Pro', 'OnePlus 11', 'OnePlus 12', 'OnePlus 13', 'Nord 3', 'Nord 4', 'Nord CE 4']),
    tablets(['OnePlus Pad', 'OnePlus Pad 2']),
  ],
  Honor: [
    phones(['Honor 90', 'Honor 200', 'Honor 200 Pro', 'Honor Magic5 Pro', 'Honor Magic6 Pro', 'Honor X8', 'Honor X9b']),
    tablets(['Honor Pad 9', 'Honor Pad X9']),
  ],
  Motorola: [phones(['Moto G54', 'Moto G84', 'Moto G85', 'Edge 40', 'Edge 50 Pro', 'Razr 40', 'Razr 50'])],
  Nokia: [phones(['Nokia G22', 'Nokia G42', 'Nokia X30', 'Nokia C32', 'Nokia 105', 'Nokia 3310'])],
  Oppo: [phones(['Reno 10', 'Reno 11', 'Reno 12', 'Find X5', 'Find X6 Pro', 'A78', 'A79', 'A98'])],
  Realme: [phones(['Realme 11', 'Realme 12', 'Realme 12 Pro+', 'Realme GT 6', 'Realme C55', 'Realme C67'])],
  PlayStation: [
    {
      label: 'Konsola',
      options: [
        'PlayStation 5',
        'PlayStation 5 Slim',
        'PlayStation 5 Pro',
        'PlayStation 4',
        'PlayStation 4 Slim',
        'PlayStation 4 Pro',
        'PlayStation Portal',
      ],
    },
    { label: 'Kontrollerë', options: ['DualSense', 'DualSense Edge', 'DualShock 4'] },
  ],
};

/** The models suggested for a brand (none for 'Tjetër' or an unknown brand). */
export const repairModelsOf = (brand: string): readonly CatalogueGroup[] =>
  isRepairBrand(brand) ? (moreModels[brand] ?? modelsOf(brand)) : [];

/** Whether the model is one the form lists for the brand (otherwise staff typed it). */
export const isListedRepairModel = (brand: string, model: string): boolean => repairModelsOf(brand).some((g) => g.options.includes(model));

/** The device as people say it: 'Apple iPhone 13', 'PlayStation 5'; for 'Tjetër' the typed model alone. */
export function repairDeviceName(brand: string, model: string): string {
  if (brand === OTHER_REPAIR_BRAND || model.toLowerCase().startsWith(brand.toLowerCase())) return model;
  // 'Google Pixel' and 'Pixel 8' make 'Google Pixel 8'.
  const last = brand.split(' ').at(-1)!;
  if (brand.includes(' ') && model.toLowerCase().startsWith(`${last.toLowerCase()} `)) return `${brand}${model.slice(last.length)}`;
  return `${brand} ${model}`;
}

/**
 * A pattern lock as staff type it: the dots of the 3 x 3 grid in the order they are drawn,
 * numbered like a phone's keypad (1 2 3 / 4 5 6 / 7 8 9), 4 to 9 of them, none twice, with or
 * without separators ('1-4-7-8-9', '1 4 7 8 9', '14789'). Stored as the digits alone.
 */
export const PATTERN_MIN_DOTS = 4;
export const PATTERN_MAX_INPUT = 40;

/** The dots of a pattern ('14789'), '' for an empty field, or null for anything that is not a pattern. */
export function normalisePatternLock(input: string): string | null {
  const text = input.trim();
  if (text === '') return '';
  if (!/^[1-9](?:[\s,.\->]*[1-9])*$/.test(text)) return null;
  const dots = text.replace(/[^1-9]/g, '');
  if (dots.length < PATTERN_MIN_DOTS || new Set(dots).size !== dots.length) return null;
  return dots;
}

export const isPatternLock = (input: string): boolean => normalisePatternLock(input) !== null;

/** '14789' as '1-4-7-8-9' (how the detail page and the form read it back). */
export const patternLockText = (dots: string): string => [...dots].join('-');
