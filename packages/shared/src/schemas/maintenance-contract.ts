import { z } from '../zod-sq';
import { maintenanceContractMessages as m } from '../messages-maintenance-contract';
import { IMEI_DIGITS, isImei, paymentTypes } from '../domain/warranty';

/**
 * The maintenance contract (product.md §3, 5): filled and printed in the browser only, never sent.
 * The rules run in the spec's order; the form shows the first failing message.
 */

export const contractLimits = { klienti: 100, mbiemri: 100, imei: IMEI_DIGITS } as const;

export const maintenanceContractSchema = z
  .object({
    klienti: z.string().trim().max(contractLimits.klienti).default(''),
    mbiemri: z.string().trim().max(contractLimits.mbiemri).default(''),
    imei: z.string().trim().max(50).default(''),
    llojiPageses: z.string().default(''),
  })
  .superRefine((v, ctx) => {
    const rules: [keyof typeof v, string, boolean][] = [
      ['klienti', m.klienti, v.klienti.length > 0],
      ['mbiemri', m.mbiemri, v.mbiemri.length > 0],
      ['imei', m.imei, isImei(v.imei)],
      ['llojiPageses', m.llojiPageses, (paymentTypes as readonly string[]).includes(v.llojiPageses)],
    ];
    for (const [field, message, ok] of rules) if (!ok) ctx.addIssue({ code: 'custom', message, path: [field], input: v[field] });
  });
export type MaintenanceContractInput = z.input<typeof maintenanceContractSchema>;
export type MaintenanceContract = z.infer<typeof maintenanceContractSchema>;
export type MaintenanceContractField = keyof MaintenanceContract;

/** The first failing rule in the spec's order, or null when the contract is complete. */
export function firstContractIssue(input: MaintenanceContractInput): { field: MaintenanceContractField; message: string } | null {
  const res = maintenanceContractSchema.safeParse(input);
  if (res.success) return null;
  const issue = res.error.issues[0]!;
  return { field: (issue.path[0] as MaintenanceContractField | undefined) ?? 'klienti', message: issue.message };
}

export const firstContractError = (input: MaintenanceContractInput): string | null => firstContractIssue(input)?.message ?? null;
