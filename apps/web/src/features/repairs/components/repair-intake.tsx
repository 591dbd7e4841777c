import { useNavigate } from '../../../lib/router';
import { isWarrantyRepair } from '@shop/shared/domain/repairs';
import { repairAdminPath, REPAIRS_ADMIN_PATH } from '@shop/shared/domain/routes';
import { todayInShop } from '@shop/shared/domain/time';
import { warrantyEndDate } from '@shop/shared/domain/warranty';
import { repairMessages, repairScreenMessages as t } from '@shop/shared/messages-repairs';
import type { RepairCreateBody } from '@shop/shared/schemas/repairs';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { QueryState } from '../../../components/ui/query-state';
import { useCreateRepair, useWarrantySheetsForRepair } from '../api/admin-repairs';
import { adminQueryStates } from '../../../components/admin/error-text';
import { RepairForm } from './repair-form';
import { emptyRepairValues, type RepairFormValues } from './repair-form-values';

/** The intake form filled from a warranty sheet: the customer and the device as the sheet has them. */
export const valuesFromSheet = (s: WarrantySheet): RepairFormValues => ({
  ...emptyRepairValues,
  customerName: `${s.emri} ${s.mbiemri}`.trim(),
  customerPhone: s.telefoni,
  customerEmail: s.email,
  brand: s.marka,
  model: s.modeli,
  imei: s.imei,
});

/** The warranty line above the form: from which sheet, and whether its period still runs (priced at zero). */
function SheetNote({ sheet, active }: { sheet: WarrantySheet; active: boolean }) {
  const end = warrantyEndDate(sheet.data, sheet.kohezgjatja) ?? '';
  return (
    <div className={`alert ${active ? 'alert-success' : 'alert-info'} repair-sheet-note`} role="status">
      <strong>{t.fromSheet(sheet.id)}</strong>
      <span>{active ? t.sheetActive(end) : t.sheetExpired(end)}</span>
    </div>
  );
}

/**
 * 'Riparim i ri' (issue 16): the intake form; from a printed warranty sheet (`sheetId`) it is filled
 * from the sheet and says whether the repair falls under the warranty (priced at zero). A new
 * ticket opens its own page.
 */
export function RepairIntake({ sheetId }: { sheetId: number | null }) {
  const navigate = useNavigate();
  const create = useCreateRepair();
  const sheets = useWarrantySheetsForRepair(sheetId !== null);
  const submit = (body: RepairCreateBody) => create.mutateAsync(body).then((r) => navigate(repairAdminPath(r.id)));
  const cancel = () => navigate(REPAIRS_ADMIN_PATH);

  if (sheetId === null) {
    return (
      <RepairForm
        mode="new"
        initial={emptyRepairValues}
        busy={create.isPending}
        onSubmit={(b) => submit(b as RepairCreateBody)}
        onCancel={cancel}
      />
    );
  }
  const sheet = sheets.data?.find((s) => s.id === sheetId && s.status === 'printed');
  const active = sheet ? isWarrantyRepair(sheet, todayInShop()) : false;
  return (
    <QueryState {...adminQueryStates} isPending={sheets.isPending} error={sheets.error} onRetry={() => void sheets.refetch()}>
      {sheets.data &&
        (sheet ? (
          <RepairForm
            mode="new"
            initial={active ? { ...valuesFromSheet(sheet), estimate: '0', deposit: '0' } : valuesFromSheet(sheet)}
            sheet={{ id: sheet.id, active }}
            note={<SheetNote sheet={sheet} active={active} />}
            busy={create.isPending}
            onSubmit={(b) => submit(b as RepairCreateBody)}
            onCancel={cancel}
          />
        ) : (
          <p className="alert alert-error" role="alert">
            {repairMessages.sheet}
          </p>
        ))}
    </QueryState>
  );
}
