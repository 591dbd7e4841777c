import { z } from '../zod-sq';
import { warrantyMessages as m } from '../messages-warranty';
import { hasHiddenCharacters } from '../domain/names';
import {
  durationMonths,
  isCatalogueModel,
  isCatalogueSoftware,
  isImei,
  isValidPhone,
  isValidPrice,
  paymentTypes,
  isWarrantyBrand,
  warrantyLimits,
  warrantyStatuses,
} from '../domain/warranty';

/**
 * The warranty sheet's contract (product.md §3, 5, 7): the one Zod schema whose rules run in the
 * spec's order with its exact messages (the catalogues and checks it uses are domain/warranty.ts). The API validates with it
 * and the form shows its first message, so a sheet the form refuses is refused by the server too.
 */

const emailCheck = z.email();
export const isValidEmail = (email: string) => email.length > 0 && emailCheck.safeParse(email).success;

/**
 * The fields' shapes only: types and lengths. The rules that say what a complete or a
 * well-formed sheet is run after this, in order, so their messages come out in the spec's order.
 */
export const warrantyFieldsSchema = z.object({
  emri: z.string().trim().max(warrantyLimits.emri).default(''),
  mbiemri: z.string().trim().max(warrantyLimits.mbiemri).default(''),
  telefoni: z.string().trim().max(warrantyLimits.telefoni).default(''),
  email: z.string().trim().max(warrantyLimits.email).default(''),
  marka: z.string().trim().max(50).default(''),
  modeli: z.string().trim().max(100).default(''),
  imei: z.string().trim().max(warrantyLimits.imei).default(''),
  softInfo: z.string().trim().max(100).default(''),
  kohezgjatja: z.string().trim().max(20).default(''),
  // A price in euros, or none (null, or '' as an empty field sends it). Any other text is a price
  // that is not one: it stays in the object as NaN, so the rules below answer it with the price's
  // own message ('Shkruani cmimin.') instead of a type error.
  cmimi: z
    .union([z.number(), z.string()])
    .nullable()
    .default(null)
    .transform((p): number | null => (typeof p !== 'string' ? p : p === '' ? null : Number.NaN)),
  komente: z.string().trim().max(warrantyLimits.komente).default(''),
  llojiPageses: z.enum(paymentTypes).default('Cash'),
});
export type WarrantyFields = z.infer<typeof warrantyFieldsSchema>;
export type WarrantyFieldsInput = z.input<typeof warrantyFieldsSchema>;
export type WarrantyField = keyof WarrantyFields;

interface Rule {
  /** The field the message points at (the form focuses it). */
  field: WarrantyField | ((v: WarrantyFields) => WarrantyField);
  message: string;
  ok(v: WarrantyFields): boolean;
}

/** The one rule for names' characters (domain/names.ts), for a draft as for a sheet to print. */
const nameCharsRules = [
  { field: 'emri', message: m.emriChars, ok: (v) => !hasHiddenCharacters(v.emri) },
  { field: 'mbiemri', message: m.mbiemriChars, ok: (v) => !hasHiddenCharacters(v.mbiemri) },
] as const satisfies readonly Rule[];

/** product.md §5, in this order (with the names' characters after each name). Draft save runs none of them. */
export const warrantyPrintRules: readonly Rule[] = [
  { field: 'emri', message: m.emri, ok: (v) => v.emri.length > 0 },
  nameCharsRules[0],
  { field: 'mbiemri', message: m.mbiemri, ok: (v) => v.mbiemri.length > 0 },
  nameCharsRules[1],
  { field: 'telefoni', message: m.contact, ok: (v) => isValidEmail(v.email) || isValidPhone(v.telefoni) },
  {
    field: (v) => (isWarrantyBrand(v.marka) ? 'modeli' : 'marka'),
    message: m.device,
    ok: (v) => isCatalogueModel(v.marka, v.modeli),
  },
  { field: 'imei', message: m.imei, ok: (v) => isImei(v.imei) },
  { field: 'softInfo', message: m.software, ok: (v) => isCatalogueSoftware(v.marka, v.softInfo) },
  { field: 'kohezgjatja', message: m.duration, ok: (v) => durationMonths(v.kohezgjatja) !== null },
  { field: 'cmimi', message: m.price, ok: (v) => isValidPrice(v.cmimi) },
];

/**
 * What a draft must still be: it may be incomplete, but what it holds is well-formed (a phone or
 * an email that is one, a known brand, a model and software of that brand, digits only in the
 * IMEI, an offered duration, a sound price). The messages are the spec's own for the same fields,
 * in the spec's order.
 */
export const warrantyDraftRules: readonly Rule[] = [
  ...nameCharsRules,
  { field: 'telefoni', message: m.contact, ok: (v) => v.telefoni === '' || isValidPhone(v.telefoni) },
  { field: 'email', message: m.contact, ok: (v) => v.email === '' || isValidEmail(v.email) },
  { field: 'marka', message: m.device, ok: (v) => v.marka === '' || isWarrantyBrand(v.marka) },
  { field: 'modeli', message: m.device, ok: (v) => v.modeli === '' || isCatalogueModel(v.marka, v.modeli) },
  { field: 'imei', message: m.imei, ok: (v) => /^\d{0,14}$/.test(v.imei) },
  { field: 'softInfo', message: m.software, ok: (v) => v.softInfo === '' || isCatalogueSoftware(v.marka, v.softInfo) },
  { field: 'kohezgjatja', message: m.duration, ok: (v) => v.kohezgjatja === '' || durationMonths(v.kohezgjatja) !== null },
  { field: 'cmimi', message: m.price, ok: (v) => v.cmimi === null || isValidPrice(v.cmimi) },
];

function applyRules(rules: readonly Rule[], v: WarrantyFields, ctx: z.RefinementCtx) {
  for (const rule of rules) {
    if (rule.ok(v)) continue;
    const field = typeof rule.field === 'function' ? rule.field(v) : rule.field;
    ctx.addIssue({ code: 'custom', message: rule.message, path: [field], input: v[field] });
  }
}

/** A sheet to print: every rule of product.md §5; the first issue is the first failing rule. */
export const warrantyPrintSchema = warrantyFieldsSchema.superRefine((v, ctx) => applyRules(warrantyPrintRules, v, ctx));

/** A draft to save: the fields' shapes and the draft's rules, as the API checks them. */
export const warrantyDraftSchema = warrantyFieldsSchema.superRefine((v, ctx) => applyRules(warrantyDraftRules, v, ctx));

/** The body of POST and PUT /api/admin/warranty: the fields plus status; `data` is the server's. */
export const warrantyBodySchema = warrantyFieldsSchema
  .extend({ status: z.enum(warrantyStatuses) })
  .superRefine((v, ctx) => applyRules(v.status === 'printed' ? warrantyPrintRules : warrantyDraftRules, v, ctx));
export type WarrantyBody = z.input<typeof warrantyBodySchema>;

type WarrantyIssue = { field: WarrantyField; message: string } | null;

function firstIssue(schema: typeof warrantyPrintSchema, input: WarrantyFieldsInput): WarrantyIssue {
  const res = schema.safeParse(input);
  if (res.success) return null;
  const issue = res.error.issues[0]!;
  return { field: (issue.path[0] as WarrantyField | undefined) ?? 'emri', message: issue.message };
}

/** The first failing rule of a sheet to print, in the spec's order, or null when it passes. */
export const firstWarrantyIssue = (input: WarrantyFieldsInput): WarrantyIssue => firstIssue(warrantyPrintSchema, input);

/** The first thing that is malformed in a draft (the form checks it before saving), or null. */
export const firstWarrantyDraftIssue = (input: WarrantyFieldsInput): WarrantyIssue => firstIssue(warrantyDraftSchema, input);

/** The first failing message of a sheet to print, in the spec's order, or null. */
export const firstWarrantyError = (input: WarrantyFieldsInput): string | null => firstWarrantyIssue(input)?.message ?? null;

/** A stored sheet as the API answers it. */
export const warrantySheetSchema = z.object({
  id: z.number(),
  emri: z.string(),
  mbiemri: z.string(),
  telefoni: z.string(),
  email: z.string(),
  marka: z.string(),
  modeli: z.string(),
  imei: z.string(),
  softInfo: z.string(),
  kohezgjatja: z.string(),
  cmimi: z.number().nullable(),
  data: z.string(),
  komente: z.string(),
  llojiPageses: z.string(),
  status: z.enum(warrantyStatuses),
  createdAt: z.string(),
});
export type WarrantySheet = z.infer<typeof warrantySheetSchema>;

/** A sheet's id in the URL: digits only ("0x10" or "1e3" are not another sheet's id). */
export const warrantyIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(2_147_483_647)),
});
