/**
 * The audit log ('Historiku', issue 13 finding 8): the kinds of admin action recorded, their
 * Albanian labels, and how an entry's before/after reads as "field: old → new".
 */
import { roleLabels, type Role } from './accounts';
import { categoryLabels, collectionLabels, type Category, type Collection } from './catalogue';
import { discountKindLabels, type DiscountKind } from './discounts';
import { formatPrice } from './money';
import { orderStatusLabels, type OrderStatus } from './orders';
import { orderChannelLabels, type OrderChannel } from './order-channels';
import { repairStatusLabels, type RepairStatus } from './repairs';

export const auditKinds = [
  'user.delete',
  'user.role',
  'user.block',
  'user.unblock',
  'product.create',
  'product.update',
  'product.delete',
  'order.status',
  'warranty.delete',
  'repair.create',
  'repair.update',
  'repair.status',
  'repair.pin-read',
  'review.hide',
  'review.unhide',
  // Issue 24: every second-factor change, what staff read or take out, resets and takeovers.
  'two-factor.enable',
  'two-factor.disable',
  'two-factor.recovery-codes',
  'two-factor.clear',
  'two-factor.pause',
  'outbox.read',
  'export.csv',
  'password.reset-request',
  'password.reset',
  'warranty.create',
  'warranty.print',
  'user.google-takeover',
  // Issue 26: a draft completed or printed from the form.
  'warranty.update',
  // Issue 28: phones received by IMEI ('Pranim malli').
  'stock.receive',
  // Issue 30 (decision 043): 'Cilësimet', a transfer paid, a courier's cash received, a transfer order expired.
  'settings.update',
  'order.paid',
  'order.cash-received',
  'order.transfer-expired',
  // Issue 28: a sale at the counter ('Shitje në dyqan', decision 044).
  'counter.sale',
  'counter.return',
  // Issue 30: an order staff placed from a WhatsApp/Viber chat or a call (decision 047).
  'order.chat',
  // Issue 29 (decision 049): discount codes, made, paused and resumed by the owner.
  'discount.create',
  'discount.pause',
  'discount.resume',
  // Decision 053: a discount code edited after creation (the changed fields only).
  'discount.update',
  // Issue 29 (decision 048): a gift card issued by hand, a card's balance adjusted.
  'gift-card.issue',
  'gift-card.adjust',
  // Issue 29 (decision 050): a scheduled sale price planned, cancelled, started and ended.
  'sale-price.create',
  'sale-price.cancel',
  'sale-price.start',
  'sale-price.end',
  // Issue 28 (decision 051): a till's day closed, a delivered online order's return.
  'day.close',
  'order.return',
] as const;
export type AuditKind = (typeof auditKinds)[number];

export const auditKindLabels: Record<AuditKind, string> = {
  'user.delete': 'Fshirje përdoruesi',
  'user.role': 'Ndryshim roli',
  'user.block': 'Bllokim përdoruesi',
  'user.unblock': 'Zhbllokim përdoruesi',
  'product.create': 'Shtim produkti',
  'product.update': 'Ndryshim produkti',
  'product.delete': 'Fshirje produkti',
  'order.status': 'Ndryshim statusi të porosisë',
  'warranty.delete': 'Fshirje flete garancioni',
  'repair.create': 'Hapje riparimi',
  'repair.update': 'Ndryshim riparimi',
  'repair.status': 'Ndryshim statusi të riparimit',
  'repair.pin-read': 'Shikim i PIN-it të pajisjes',
  'review.hide': 'Fshehje vlerësimi',
  'review.unhide': 'Shfaqje vlerësimi',
  'two-factor.enable': 'Aktivizim i verifikimit në dy hapa',
  'two-factor.disable': 'Çaktivizim i verifikimit në dy hapa',
  'two-factor.recovery-codes': 'Kode rezervë të reja',
  'two-factor.clear': 'Heqje e verifikimit në dy hapa nga administratori',
  'two-factor.pause': 'Pauzë pas kodeve të gabuara',
  'outbox.read': 'Leximi i një e-maili',
  'export.csv': 'Shkarkim CSV',
  'password.reset-request': 'Kërkesë për rivendosje fjalëkalimi',
  'password.reset': 'Rivendosje fjalëkalimi',
  'warranty.create': 'Krijim flete garancioni',
  'warranty.print': 'Printim flete garancioni',
  'user.google-takeover': 'Marrje e llogarisë me Google',
  'warranty.update': 'Ndryshim flete garancioni',
  'stock.receive': 'Pranim malli',
  'settings.update': 'Ndryshim cilësimesh',
  'order.paid': 'Pagesë me transfer e shënuar',
  'order.cash-received': 'Para të pranuara nga korrieri',
  'order.transfer-expired': 'Anulim i porosisë së papaguar me transfer',
  'counter.sale': 'Shitje në dyqan',
  'counter.return': 'Kthim nga shitja në dyqan',
  'order.chat': 'Porosi nga biseda',
  'discount.create': 'Kod zbritjeje i ri',
  'discount.pause': 'Kod zbritjeje i pezulluar',
  'discount.resume': 'Kod zbritjeje i rifilluar',
  'discount.update': 'Ndryshim kodi zbritjeje',
  'gift-card.issue': 'Lëshim karte dhuratë',
  'gift-card.adjust': 'Rregullim bilanci të kartës dhuratë',
  'sale-price.create': 'Ulje me afat e planifikuar',
  'sale-price.cancel': 'Ulje me afat e anuluar',
  'sale-price.start': 'Fillim i uljes me afat',
  'sale-price.end': 'Mbarim i uljes me afat',
  'day.close': 'Mbyllja e ditës',
  'order.return': 'Kthim i porosisë online',
};

export const isAuditKind = (kind: string): kind is AuditKind => (auditKinds as readonly string[]).includes(kind);

/** A kind's label; a kind this version does not know (written by a newer one) shows as it is. */
export const auditKindLabel = (kind: string): string => (isAuditKind(kind) ? auditKindLabels[kind] : kind);

export const auditTargetTypes = [
  'user',
  'product',
  'order',
  'warranty',
  'repair',
  'review',
  'mail',
  'export',
  'settings',
  'sale',
  'discount',
  'gift-card',
  'day-close',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

export const auditTargetLabels: Record<AuditTargetType, string> = {
  user: 'Përdoruesi',
  product: 'Produkti',
  order: 'Porosia',
  warranty: 'Fleta e garancionit',
  repair: 'Riparimi',
  review: 'Vlerësimi',
  mail: 'E-maili',
  export: 'Eksporti',
  settings: 'Cilësimet',
  sale: 'Shitja në dyqan',
  discount: 'Kodi i zbritjes',
  'gift-card': 'Karta dhuratë',
  'day-close': 'Mbyllja e ditës',
};

/** The fields an entry's before/after may hold (never password hashes, TOTP secrets or tokens). */
export type AuditValues = Record<string, unknown>;

/** How each recorded field is named and shown; a field not listed shows under its own name. */
const fields: Record<string, { label: string; show?: (v: unknown) => string }> = {
  name: { label: 'Emri' },
  email: { label: 'Email' },
  role: { label: 'Roli', show: (v) => roleLabels[v as Role] ?? String(v) },
  blocked: { label: 'Statusi', show: (v) => (v ? 'I bllokuar' : 'Aktiv') },
  price: { label: 'Çmimi', show: (v) => (typeof v === 'number' ? formatPrice(v) : String(v)) },
  oldPrice: { label: 'Çmimi i vjetër', show: (v) => (typeof v === 'number' ? formatPrice(v) : String(v)) },
  category: { label: 'Kategoria', show: (v) => categoryLabels[v as Category] ?? String(v) },
  collection: { label: 'Koleksioni', show: (v) => collectionLabels[v as Collection] ?? String(v) },
  description: { label: 'Përshkrimi' },
  image: { label: 'Foto' },
  receiptNo: { label: 'Kuponi fiskal' },
  total: { label: 'Totali', show: (v) => (typeof v === 'number' ? formatPrice(v) : String(v)) },
  lines: { label: 'Rreshtat', show: (v) => (Array.isArray(v) ? v.join('; ') : String(v)) },
  customer: { label: 'Klienti' },
  restock: { label: 'Në stok', show: (v) => (v ? 'Po' : 'Jo (i dëmtuar)') },
  refund: { label: 'Kthehen', show: (v) => (typeof v === 'number' ? formatPrice(v) : String(v)) },
  refundMethod: { label: 'Mënyra e kthimit' },
  reason: { label: 'Arsyeja' },
  card: { label: 'Karta' },
  giftCard: { label: 'Kartë dhurate' },
  value: { label: 'Vlera', show: (v) => (typeof v === 'number' ? formatPrice(v) : String(v)) },
  balance: { label: 'Bilanci', show: (v) => (typeof v === 'number' ? formatPrice(v) : String(v)) },
  override: { label: 'Miratimi i pronarit' },
  stock: { label: 'Stoku', show: (v) => (v === null ? 'Pa kufi' : String(v)) },
  brand: { label: 'Marka' },
  sku: { label: 'SKU' },
  specs: {
    label: 'Specifikimet',
    show: (v) =>
      v && typeof v === 'object'
        ? Object.entries(v as Record<string, unknown>)
            .map(([k, x]) => `${k}: ${String(x)}`)
            .join('; ')
        : String(v),
  },
  photos: { label: 'Fotot', show: (v) => (Array.isArray(v) ? v.map((id) => `#${String(id)}`).join(', ') : String(v)) },
  status: { label: 'Statusi', show: (v) => orderStatusLabels[v as OrderStatus] ?? String(v) },
  channel: { label: 'Kanali', show: (v) => orderChannelLabels[v as OrderChannel] ?? String(v) },
  emri: { label: 'Emri' },
  mbiemri: { label: 'Mbiemri' },
  marka: { label: 'Marka' },
  modeli: { label: 'Modeli' },
  cmimi: { label: 'Çmimi', show: (v) => (typeof v === 'number' ? formatPrice(v) : String(v)) },
  data: { label: 'Data' },
  code: { label: 'Kodi' },
  customerName: { label: 'Klienti' },
  customerPhone: { label: 'Telefoni' },
  customerEmail: { label: 'Email' },
  device: { label: 'Pajisja' },
  fault: { label: 'Defekti' },
  estimate: { label: 'Çmimi i parashikuar', show: (v) => (typeof v === 'number' ? formatPrice(v) : String(v)) },
  deposit: { label: 'Depozita', show: (v) => (typeof v === 'number' ? formatPrice(v) : String(v)) },
  technician: { label: 'Tekniku' },
  warranty: { label: 'Garancion', show: (v) => (v ? 'Po' : 'Jo') },
  pin: { label: 'PIN' },
  imeis: { label: 'IMEI', show: (v) => (Array.isArray(v) ? v.map(String).join(', ') : String(v)) },
  supplier: { label: 'Furnitori' },
  purchasePrice: { label: 'Çmimi i blerjes', show: (v) => (typeof v === 'number' ? formatPrice(v) : String(v)) },
  variant: { label: 'Varianti' },
  hidden: { label: 'Dukshmëria', show: (v) => (v ? 'I fshehur' : 'I dukshëm') },
  rating: { label: 'Yjet' },
  productId: { label: 'Produkti' },
  // Issue 24: resets, takeovers, mails read and exports (decision 026).
  ip: { label: 'IP' },
  phone: { label: 'Telefoni' },
  delivery: { label: 'Të dhënat e dërgesës', show: (v) => (v ? 'Të ruajtura' : 'Asnjë') },
  password: { label: 'Fjalëkalimi', show: (v) => (v ? 'Po' : 'Jo') },
  cancelledOrders: {
    label: 'Porositë e anuluara',
    show: (v) => (Array.isArray(v) ? (v.length ? v.map((id) => `#${String(id)}`).join(', ') : 'Asnjë') : String(v)),
  },
  mails: {
    label: 'E-mailet',
    show: (v) => (Array.isArray(v) ? (v.length ? v.map((id) => `#${String(id)}`).join(', ') : 'Asnjë') : String(v)),
  },
  page: { label: 'Faqja' },
  file: { label: 'Skedari' },
  from: { label: 'Nga' },
  to: { label: 'Deri' },
  // Issue 24: second-factor changes (decision 025).
  twoFactor: { label: 'Verifikimi në dy hapa', show: (v) => (v ? 'Aktiv' : 'Joaktiv') },
  recoveryCodes: { label: 'Kodet rezervë' },
  failures: { label: 'Kode të gabuara radhazi' },
  pauseSeconds: { label: 'Pauza (sekonda)' },
  // Issue 30 (decision 043): 'Cilësimet' and an order's payment and shipping.
  shopName: { label: 'Emri i dyqanit' },
  shopAddress: { label: 'Adresa e dyqanit' },
  shopPhone: { label: 'Telefoni i dyqanit' },
  whatsappNumber: { label: 'WhatsApp' },
  viberNumber: { label: 'Viber' },
  bankName: { label: 'Banka' },
  iban: { label: 'IBAN' },
  transferDays: { label: 'Ditët për pagesën me transfer' },
  couriers: {
    label: 'Korrierët',
    show: (v) => (Array.isArray(v) ? v.map((c) => String((c as { name?: unknown }).name ?? '')).join(', ') : String(v)),
  },
  counterDiscountMaxPercent: { label: 'Zbritja maksimale në arkë (%)' },
  paymentMethod: { label: 'Pagesa' },
  paidAt: { label: 'Paguar më' },
  cashReceivedAt: { label: 'Paratë u pranuan më' },
  courier: { label: 'Korrieri' },
  trackingNumber: { label: 'Numri i gjurmimit' },
  // Issue 29 (decisions 049, 053): a discount code's settings (its `value` is recorded as shown: '10%', '5,00 €').
  kind: { label: 'Lloji', show: (v) => discountKindLabels[v as DiscountKind] ?? String(v) },
  validFrom: { label: 'Vlen nga' },
  validTo: { label: 'Vlen deri' },
  minSubtotal: { label: 'Porosia minimale', show: (v) => (typeof v === 'number' ? formatPrice(v) : String(v)) },
  categories: { label: 'Kategoritë' },
  brands: { label: 'Markat' },
  productIds: { label: 'Produktet' },
  maxUses: { label: 'Kufiri i përdorimeve gjithsej', show: (v) => String(v) },
  maxUsesPerCustomer: { label: 'Kufiri për klient', show: (v) => String(v) },
  paused: { label: 'I pezulluar', show: (v) => (v ? 'Po' : 'Jo') },
};

/** Warranty sheets have their own statuses ('draft', 'printed'). */
const warrantyStatus: Record<string, string> = { draft: 'Draft', printed: 'E printuar' };

const MAX_SHOWN = 60;
const EMPTY = '—';

/** One recorded value as text: labels for known values, '—' for none, long texts cut. */
export function showAuditValue(field: string, value: unknown, targetType?: string): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  let text: string;
  if (targetType === 'warranty' && field === 'status') text = warrantyStatus[String(value)] ?? String(value);
  else if (targetType === 'repair' && field === 'status') text = repairStatusLabels[value as RepairStatus] ?? String(value);
  else {
    const show = fields[field]?.show;
    text = show ? show(value) : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

export const auditFieldLabel = (field: string): string => fields[field]?.label ?? field;

export interface AuditChange {
  field: string;
  label: string;
  /** '—' when the field had no value (or the record did not exist yet). */
  from: string;
  to: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between before and after, in the order they were recorded:
 * 'Çmimi: 299,00 € → 279,00 €'. A creation (no before) lists what was set, a deletion (no
 * after) what was removed.
 */
export function auditChanges(before: AuditValues | null, after: AuditValues | null, targetType?: string): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((k) => !same(before?.[k], after?.[k]))
    .map((k) => ({
      field: k,
      label: auditFieldLabel(k),
      from: before ? showAuditValue(k, before[k], targetType) : EMPTY,
      to: after ? showAuditValue(k, after[k], targetType) : EMPTY,
    }));
}

/** A short name of the record an entry is about: a user's e-mail, a product's name, an order's number. */
export function auditTargetName(entry: {
  targetType: string;
  targetId: string;
  before: AuditValues | null;
  after: AuditValues | null;
}): string {
  const values = { ...(entry.before ?? {}), ...(entry.after ?? {}) };
  const type = auditTargetLabels[entry.targetType as AuditTargetType] ?? entry.targetType;
  const named =
    entry.targetType === 'user'
      ? values.email
      : entry.targetType === 'product'
        ? values.name
        : entry.targetType === 'repair' || entry.targetType === 'discount'
          ? values.code
          : undefined;
  if (entry.targetType === 'review' && typeof values.name === 'string' && values.name) return `${type} #${entry.targetId} (${values.name})`;
  if (entry.targetType === 'warranty' && (values.emri || values.mbiemri))
    return `${type} #${entry.targetId} (${[values.emri, values.mbiemri].filter(Boolean).join(' ')})`;
  return typeof named === 'string' && named ? `${type} ${named}` : `${type} #${entry.targetId}`;
}
