import type { RepairAccessory, RepairCondition } from '@shop/shared/domain/repairs';
import { repairMessages } from '@shop/shared/messages-repairs';
import {
  repairCreateBodySchema,
  repairUpdateBodySchema,
  type RepairCreateBody,
  type RepairDetail,
  type RepairUpdateBody,
} from '@shop/shared/schemas/repairs';
import { parsePrice } from '../../../lib/price-input';

/**
 * The repair ticket form's values and their checks with the shared contract (issue 16; the
 * devices and the pattern lock of issue 26): what the form holds, how a ticket fills it, and the
 * body it sends or the first message of each field.
 */

/** The form's fields in the order they are shown (the first one with a message gets the focus). */
export const fieldOrder = [
  'customerName',
  'customerPhone',
  'customerEmail',
  'brand',
  'model',
  'imei',
  'colour',
  'fault',
  'conditions',
  'conditionNotes',
  'accessories',
  'pin',
  'pattern',
  'estimate',
  'deposit',
  'technician',
] as const;
export type RepairField = (typeof fieldOrder)[number];
export type TextField = Exclude<RepairField, 'conditions' | 'accessories'>;

export interface RepairFormValues {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  brand: string;
  model: string;
  /** The model is typed by hand (not one of the brand's list; always for 'Tjetër'). */
  modelTyped: boolean;
  imei: string;
  colour: string;
  fault: string;
  conditions: RepairCondition[];
  conditionNotes: string;
  accessories: RepairAccessory[];
  pin: string;
  pattern: string;
  estimate: string;
  deposit: string;
  technician: string;
}
export type RepairFormErrors = Partial<Record<RepairField, string>>;

export const emptyRepairValues: RepairFormValues = {
  customerName: '',
  customerPhone: '',
  customerEmail: '',
  brand: '',
  model: '',
  modelTyped: false,
  imei: '',
  colour: '',
  fault: '',
  conditions: [],
  conditionNotes: '',
  accessories: [],
  pin: '',
  pattern: '',
  estimate: '',
  deposit: '',
  technician: '',
};

/** A sum in euros as the form shows it ('45,5'); '' for none. */
export const moneyText = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));

/** A ticket's values as the edit form shows them (the PIN and pattern fields start empty: they are never sent to the page). */
export const repairValuesOf = (r: RepairDetail): RepairFormValues => ({
  customerName: r.customerName,
  customerPhone: r.customerPhone,
  customerEmail: r.customerEmail,
  brand: r.brand,
  model: r.model,
  modelTyped: false,
  imei: r.imei,
  colour: r.colour,
  fault: r.fault,
  conditions: [...r.conditions],
  conditionNotes: r.conditionNotes,
  accessories: [...r.accessories],
  pin: '',
  pattern: '',
  estimate: moneyText(r.estimate),
  deposit: r.deposit === 0 ? '' : moneyText(r.deposit),
  technician: r.technician,
});

/** An amount typed as '45' or '45,50'; empty gives `empty` (the estimate: not known yet; the deposit: none). */
export function amount(text: string, empty: null | undefined): number | null | undefined {
  const parsed = parsePrice(text);
  return parsed === undefined ? empty : parsed;
}

const firstErrors = (issues: readonly { path: PropertyKey[]; message: string }[]): RepairFormErrors => {
  const errors: RepairFormErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as RepairField;
    if ((fieldOrder as readonly string[]).includes(field as string)) errors[field] ??= issue.message;
  }
  return errors;
};

/** The intake form checked with the shared contract: the body, or the first message of each field. */
export function checkNewRepair(v: RepairFormValues, warrantySheetId: number | null): { body?: RepairCreateBody; errors: RepairFormErrors } {
  const parsed = repairCreateBodySchema.safeParse({
    customerName: v.customerName,
    customerPhone: v.customerPhone,
    customerEmail: v.customerEmail,
    brand: v.brand,
    model: v.model,
    imei: v.imei.replace(/\s/g, ''),
    colour: v.colour,
    fault: v.fault,
    conditions: v.conditions,
    conditionNotes: v.conditionNotes,
    accessories: v.accessories,
    pin: v.pin,
    pattern: v.pattern,
    estimate: amount(v.estimate, null),
    deposit: amount(v.deposit, undefined),
    technician: v.technician,
    warrantySheetId,
  });
  // The body sent is what was typed (the schema's defaults and trims are the server's to apply again).
  if (parsed.success) return { body: parsed.data, errors: {} };
  return { errors: firstErrors(parsed.error.issues) };
}

/**
 * The edit form checked with the shared contract. The PIN and the pattern are sent only when a
 * new one is typed, or as '' when staff remove the stored one.
 */
export function checkRepairEdit(
  v: RepairFormValues,
  remove: { pin: boolean; pattern: boolean },
): { body?: RepairUpdateBody; errors: RepairFormErrors } {
  const input: RepairUpdateBody = {
    customerName: v.customerName,
    customerPhone: v.customerPhone,
    customerEmail: v.customerEmail,
    colour: v.colour,
    fault: v.fault,
    conditions: v.conditions,
    conditionNotes: v.conditionNotes,
    accessories: v.accessories,
    ...(remove.pin ? { pin: '' } : v.pin ? { pin: v.pin } : {}),
    ...(remove.pattern ? { pattern: '' } : v.pattern ? { pattern: v.pattern } : {}),
    estimate: amount(v.estimate, null),
    deposit: amount(v.deposit, undefined) ?? 0,
    technician: v.technician,
  };
  const parsed = repairUpdateBodySchema.safeParse(input);
  // The fields as named: a PATCH changes only what it sends (no schema default may add a field).
  if (parsed.success) return { body: input, errors: {} };
  return { errors: firstErrors(parsed.error.issues) };
}

/** The field a server's message is about (the contract's messages are the same on both sides), if any. */
export const serverField: Partial<Record<string, RepairField>> = {
  [repairMessages.name]: 'customerName',
  [repairMessages.phone]: 'customerPhone',
  [repairMessages.email]: 'customerEmail',
  [repairMessages.device]: 'brand',
  [repairMessages.model]: 'model',
  [repairMessages.imei]: 'imei',
  [repairMessages.sheetDevice]: 'imei',
  [repairMessages.colour]: 'colour',
  [repairMessages.fault]: 'fault',
  [repairMessages.condition]: 'conditions',
  [repairMessages.accessory]: 'accessories',
  [repairMessages.pin]: 'pin',
  [repairMessages.pattern]: 'pattern',
  [repairMessages.amount]: 'estimate',
  [repairMessages.depositAboveEstimate]: 'deposit',
  [repairMessages.estimateAwaitingApproval]: 'estimate',
  [repairMessages.technician]: 'technician',
};
