/**
 * The repair counter's rules (issue 16): a ticket's statuses and the moves between them, which
 * changes the customer hears about, the customer's answer to an estimate, the ticket code that is
 * hard to guess, the device's IMEI and whether a repair falls under a running warranty.
 */
import { REPAIR_TRACKING_PATH } from './routes';
import { addMonths } from './time';
import { paymentTypes, warrantyState, type PaymentType } from './warranty';

export const repairStatuses = [
  'received',
  'diagnosing',
  'awaiting-approval',
  'awaiting-parts',
  'repairing',
  'ready',
  'delivered',
  'cancelled',
  'unrepaired',
] as const;
export type RepairStatus = (typeof repairStatuses)[number];

/** The statuses as staff and customers read them (issue 16's words). */
export const repairStatusLabels: Record<RepairStatus, string> = {
  received: 'Pranuar',
  diagnosing: 'Në diagnostikim',
  'awaiting-approval': 'Pret aprovimin',
  'awaiting-parts': 'Pret pjesë',
  repairing: 'Në riparim',
  ready: 'Gati për marrje',
  delivered: 'Dorëzuar',
  cancelled: 'Anuluar',
  unrepaired: 'Pa riparim',
};

/**
 * The moves staff may make, in the order they are offered: intake -> diagnosis -> (estimate sent
 * and approved) -> parts -> repair -> ready -> handed over. A ticket may be cancelled until the
 * work is done, and a device may go back unrepaired (diagnostic fee) once it has been looked at.
 * Delivered, cancelled and unrepaired are final. A ticket waiting for approval may be sent again
 * with a new estimate (the move to itself): the customer then approves the new amount, never the
 * old one (issue 26).
 */
const staffMoves: Record<RepairStatus, readonly RepairStatus[]> = {
  received: ['diagnosing', 'cancelled'],
  diagnosing: ['awaiting-approval', 'awaiting-parts', 'repairing', 'unrepaired', 'cancelled'],
  'awaiting-approval': ['awaiting-approval', 'awaiting-parts', 'repairing', 'unrepaired', 'cancelled'],
  'awaiting-parts': ['repairing', 'unrepaired', 'cancelled'],
  repairing: ['awaiting-parts', 'ready', 'unrepaired'],
  ready: ['delivered'],
  delivered: [],
  cancelled: [],
  unrepaired: [],
};

export const nextRepairStatuses = (from: RepairStatus): readonly RepairStatus[] => staffMoves[from];

export const canMoveRepair = (from: RepairStatus, to: RepairStatus): boolean => nextRepairStatuses(from).includes(to);

export const isFinalRepairStatus = (status: RepairStatus): boolean => staffMoves[status].length === 0;

/** The moves that carry an amount: sending the estimate for approval, and handing the device over (the final price). */
export const movesWithEstimate = (to: RepairStatus): boolean => to === 'awaiting-approval';
export const isHandover = (to: RepairStatus): boolean => to === 'delivered';

/** Tickets still at the shop (the dashboard's open tickets). */
export const isOpenRepair = (status: RepairStatus): boolean => !isFinalRepairStatus(status);

/**
 * Changes the customer is told about (by e-mail): the device arrived, an estimate waits for an
 * answer, the device is ready, handed over, or goes back without a repair. The steps in between
 * show on the tracking page only.
 */
const mailedStatuses: ReadonlySet<RepairStatus> = new Set([
  'received',
  'awaiting-approval',
  'ready',
  'delivered',
  'cancelled',
  'unrepaired',
]);
export const isCustomerMailedStatus = (status: RepairStatus): boolean => mailedStatuses.has(status);

/**
 * The customer's answer to an estimate, on the tracking page: approved, the repair goes ahead
 * ('Në riparim'); refused, the device goes back unrepaired. Null when no estimate waits.
 */
export function customerAnswer(status: RepairStatus, approve: boolean): RepairStatus | null {
  if (status !== 'awaiting-approval') return null;
  return approve ? 'repairing' : 'unrepaired';
}

/**
 * The ticket code printed on the receipt and asked on the tracking page: 'R-' and 10 characters
 * of Crockford's base 32 (no I, L, O, U), 50 bits from a secure random source, so it cannot be
 * guessed from another ticket's. Read without regard to case, spaces or dashes, and with the
 * letters people confuse (O, I, L) read as the digits they look like.
 */
export const TICKET_CODE_LENGTH = 10;
const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new code from `bytes` random bytes (at least TICKET_CODE_LENGTH of them; each gives 5 bits). */
export function ticketCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < TICKET_CODE_LENGTH) throw new Error(`need ${TICKET_CODE_LENGTH} random bytes`);
  let code = '';
  for (let i = 0; i < TICKET_CODE_LENGTH; i++) code += crockford[bytes[i]! & 31];
  return `R-${code}`;
}

/** The code as stored ('R-XXXXXXXXXX'), or null for anything that cannot be one. */
export function normaliseTicketCode(input: string): string | null {
  const cleaned = input.toUpperCase().replace(/\s/g, '');
  let body = cleaned.startsWith('R-') ? cleaned.slice(2) : cleaned;
  body = body.replace(/-/g, '');
  if (!cleaned.startsWith('R-') && body.length === TICKET_CODE_LENGTH + 1 && body.startsWith('R')) body = body.slice(1);
  body = body.replace(/O/g, '0').replace(/[IL]/g, '1');
  if (body.length !== TICKET_CODE_LENGTH || [...body].some((c) => !crockford.includes(c))) return null;
  return `R-${body}`;
}

/** A device's IMEI at intake: 14 digits, or 15 with the Luhn check digit right. */
export function isRepairImei(imei: string): boolean {
  if (/^\d{14}$/.test(imei)) return true;
  if (!/^\d{15}$/.test(imei)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let d = Number(imei[14 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The last four digits of an IMEI, which the tracking page asks for beside the code. */
export const imeiTail = (imei: string): string => imei.slice(-4);

/**
 * Whether a repair opened from a warranty sheet is a warranty repair (priced at zero): only while
 * the sheet's period runs on the day the ticket is opened (a draft sheet covers nothing).
 */
export const isWarrantyRepair = (sheet: { status: string; data: string; kohezgjatja: string }, openedOn: string): boolean =>
  warrantyState(sheet, openedOn) === 'active';

/** A device's condition at intake, as checkboxes (free text beside them). */
export const repairConditions = ['scratches', 'cracked-glass', 'water-marks', 'dents', 'no-power'] as const;
export type RepairCondition = (typeof repairConditions)[number];
export const repairConditionLabels: Record<RepairCondition, string> = {
  scratches: 'Gërvishtje',
  'cracked-glass': 'Xham i thyer',
  'water-marks': 'Shenja uji',
  dents: 'Goditje në trup',
  'no-power': 'Nuk ndizet',
};

/** What the customer left with the device. */
export const repairAccessories = ['charger', 'case', 'sim', 'memory-card', 'box'] as const;
export type RepairAccessory = (typeof repairAccessories)[number];
export const repairAccessoryLabels: Record<RepairAccessory, string> = {
  charger: 'Karikues',
  case: 'Mbështjellës',
  sim: 'Kartelë SIM',
  'memory-card': 'Kartelë memorie',
  box: 'Kutia',
};

/** Field lengths and money limits of a ticket (the schema and the form use the same). */
export const repairLimits = {
  name: 100,
  phone: 30,
  email: 254,
  colour: 40,
  fault: 1000,
  conditionNotes: 1000,
  pin: 32,
  technician: 100,
  note: 500,
  /** What the repair's own warranty covers ('Ekrani i ndërruar'). */
  warrantyNote: 120,
  /** The highest estimate or deposit, in euros. */
  maxAmount: 10_000,
} as const;

/** The tracking page's address (defined in domain/routes); the receipt's QR code opens it with the code (and IMEI tail) filled in. */
export { REPAIR_TRACKING_PATH };

/** The tracking link of a ticket: `base` is the shop's public address. */
export function repairTrackingUrl(base: string, code: string, imei?: string): string {
  const params = new URLSearchParams({ kodi: code });
  if (imei) params.set('imei', imeiTail(imei));
  return `${base}${REPAIR_TRACKING_PATH}?${params.toString()}`;
}

/**
 * Whether the proof a customer gives on the tracking page matches the ticket: the last four digits
 * of the IMEI, or the phone number (compared by its last 8 digits, so '+383 44 123 456' and
 * '044 123 456' are the same phone).
 */
export function repairProofMatches(ticket: { imei: string; customerPhone: string }, proof: string): boolean {
  const digits = proof.replace(/\D/g, '');
  if (digits.length === 4 && /^[\d\s]+$/.test(proof.trim())) return imeiTail(ticket.imei) === digits;
  const phone = ticket.customerPhone.replace(/\D/g, '');
  return digits.length >= 8 && phone.length >= 8 && phone.slice(-8) === digits.slice(-8);
}

/** Whether a ticket's IMEI is the device of a warranty sheet (the sheet keeps 14 digits, a ticket 14 or 15). */
export const isSheetDevice = (sheetImei: string, ticketImei: string): boolean =>
  sheetImei.length === 14 && ticketImei.startsWith(sheetImei);

/** Whole days between two instants (ISO strings), for the dashboard's average days in repair. */
export const daysBetween = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/**
 * Handing a repaired device back (issue 26): the final price, how it is paid (the shop's three
 * ways, as on warranty sheets), the deposit taken off, and the repair's own warranty chosen at
 * the counter (months, and what it covers, e.g. the part that was changed).
 */
export const repairPaymentTypes = paymentTypes;
export type RepairPaymentType = PaymentType;
export const isRepairPaymentType = (v: string): v is RepairPaymentType => (repairPaymentTypes as readonly string[]).includes(v);

/** Months of warranty a repair may carry: none, or 1 to 24 (the form offers the usual ones). */
export const REPAIR_WARRANTY_MAX_MONTHS = 24;
export const repairWarrantyChoices = [0, 1, 3, 6, 12] as const;
export const DEFAULT_REPAIR_WARRANTY_MONTHS = 3;
export const repairWarrantyLabel = (months: number): string => (months === 0 ? 'Pa garancion' : months === 1 ? '1 muaj' : `${months} muaj`);

/** The repair's warranty ends `months` after the day it is handed over (shop's date, YYYY-MM-DD); null without one. */
export const repairWarrantyEnd = (handedOverOn: string, months: number): string | null =>
  months > 0 ? addMonths(handedOverOn, months) : null;

/**
 * What the customer pays at pickup, in cents: the final price less the deposit already paid.
 * Negative when the deposit was more than the final price: the shop gives the difference back.
 */
export const handoverDueCents = (finalPriceCents: number, depositCents: number): number => finalPriceCents - depositCents;
