import { useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { formatPrice, toCents, toEuros } from '@shop/shared/domain/money';
import {
  DEFAULT_REPAIR_WARRANTY_MONTHS,
  handoverDueCents,
  isHandover,
  movesWithEstimate,
  repairLimits as L,
  repairPaymentTypes,
  repairStatusLabels,
  repairWarrantyChoices,
  repairWarrantyLabel,
  type RepairPaymentType,
  type RepairStatus,
} from '@shop/shared/domain/repairs';
import { repairMessages, repairScreenMessages as t } from '@shop/shared/messages-repairs';
import { repairMoveBodySchema, type RepairDetail } from '@shop/shared/schemas/repairs';
import { useModal } from '../../../components/ui/use-modal';
import '../../../components/ui/alert-dialog.css';
import { useMoveRepair } from '../api/admin-repairs';
import { errorText } from '../../../components/admin/error-text';
import { parsePrice } from '../../../lib/price-input';
import { moneyText } from './repair-form-values';
import type { useActionMessage } from '../../../components/admin/use-action-message';

/**
 * A ticket's status move (issue 16): the next status (only the allowed ones, `detail.nextStatuses`,
 * the one whose button was pressed chosen), a note for staff and a note the customer reads on the
 * tracking page and in the mail. A modal dialog: the page behind is inert, Escape and 'Kthehu'
 * leave it as it was. A refused move (409) shows the server's message inside the dialog.
 * Sending for approval asks for the estimate the customer will approve (prefilled with the
 * current one); 'Dorëzuar' asks for the final price, the payment and the repair's warranty, and
 * shows what is left to pay after the deposit (issue 26).
 */
export function RepairMoveDialog({
  repair,
  initial,
  onClose,
  note,
}: {
  repair: RepairDetail;
  initial: RepairStatus;
  onClose: () => void;
  note: ReturnType<typeof useActionMessage>;
}) {
  const panel = useRef<HTMLFormElement>(null);
  const id = useId();
  const move = useMoveRepair(repair.id);
  const [status, setStatus] = useState<RepairStatus>(initial);
  const [staffNote, setStaffNote] = useState('');
  const [customerNote, setCustomerNote] = useState('');
  const [estimate, setEstimate] = useState(repair.warranty ? '0' : moneyText(repair.estimate));
  const [finalPrice, setFinalPrice] = useState(repair.warranty ? '0' : moneyText(repair.estimate));
  const [payment, setPayment] = useState<RepairPaymentType>('Cash');
  const [warrantyMonths, setWarrantyMonths] = useState<number>(DEFAULT_REPAIR_WARRANTY_MONTHS);
  const [warrantyNote, setWarrantyNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const asksEstimate = movesWithEstimate(status);
  const handover = isHandover(status);
  const finalTyped = parsePrice(finalPrice);
  const due =
    finalTyped !== undefined && Number.isFinite(finalTyped)
      ? toEuros(handoverDueCents(toCents(finalTyped), toCents(repair.deposit)))
      : null;
  useModal(panel, () => {
    if (!move.isPending) onClose();
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = repairMoveBodySchema.safeParse({
      status,
      note: staffNote,
      customerNote,
      ...(asksEstimate ? { estimate: parsePrice(estimate) } : {}),
      ...(handover ? { finalPrice: parsePrice(finalPrice), payment, warrantyMonths, warrantyNote } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? repairMessages.note);
      return;
    }
    setError(null);
    move.mutate(parsed.data, {
      onSuccess: (r) => {
        note.success(repairMessages.moved(repairStatusLabels[r.status]));
        onClose();
      },
      onError: (err) => setError(errorText(err)),
    });
  };

  return createPortal(
    <div className="alert-backdrop">
      <form
        ref={panel}
        className="alert-dialog repair-move-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onSubmit={submit}
        noValidate
      >
        <h2 id={`${id}-title`}>{t.moveTitle(repair.code)}</h2>
        <div className="field">
          <label htmlFor={`${id}-status`}>{t.newStatus}</label>
          <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value as RepairStatus)} autoFocus>
            {repair.nextStatuses.map((s) => (
              <option key={s} value={s}>
                {s === repair.status ? t.newEstimate : repairStatusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        {asksEstimate && (
          <div className="field">
            <label htmlFor={`${id}-estimate`}>{t.moveEstimateLabel}</label>
            <input
              id={`${id}-estimate`}
              value={estimate}
              onChange={(e) => setEstimate(e.target.value)}
              inputMode="decimal"
              autoComplete="off"
              readOnly={repair.warranty}
              aria-describedby={`${id}-estimate-hint`}
            />
            <span className="field-hint" id={`${id}-estimate-hint`}>
              {repair.warranty ? t.warrantyRepair : t.moveEstimateHint}
            </span>
          </div>
        )}
        {handover && (
          <>
            <div className="field">
              <label htmlFor={`${id}-final`}>{t.finalPriceLabel}</label>
              <input
                id={`${id}-final`}
                value={finalPrice}
                onChange={(e) => setFinalPrice(e.target.value)}
                inputMode="decimal"
                autoComplete="off"
                readOnly={repair.warranty}
                aria-describedby={`${id}-due`}
              />
              <span className="field-hint" id={`${id}-due`} data-testid="handover-due">
                {t.depositTaken}: {formatPrice(repair.deposit)}
                {due !== null && ` · ${due < 0 ? t.refund : t.due}: ${formatPrice(Math.abs(due))}`}
              </span>
            </div>
            <div className="repair-move-pair">
              <div className="field">
                <label htmlFor={`${id}-payment`}>{t.paymentLabel}</label>
                <select id={`${id}-payment`} value={payment} onChange={(e) => setPayment(e.target.value as RepairPaymentType)}>
                  {repairPaymentTypes.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-warranty`}>{t.repairWarrantyLabel}</label>
                <select id={`${id}-warranty`} value={warrantyMonths} onChange={(e) => setWarrantyMonths(Number(e.target.value))}>
                  {repairWarrantyChoices.map((n) => (
                    <option key={n} value={n}>
                      {repairWarrantyLabel(n)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {warrantyMonths > 0 && (
              <div className="field">
                <label htmlFor={`${id}-warranty-note`}>{t.warrantyNoteLabel}</label>
                <input
                  id={`${id}-warranty-note`}
                  value={warrantyNote}
                  onChange={(e) => setWarrantyNote(e.target.value)}
                  maxLength={L.warrantyNote}
                  placeholder={t.warrantyNotePlaceholder}
                  autoComplete="off"
                />
              </div>
            )}
          </>
        )}
        <div className="field">
          <label htmlFor={`${id}-note`}>{t.staffNote}</label>
          <textarea id={`${id}-note`} rows={2} maxLength={L.note} value={staffNote} onChange={(e) => setStaffNote(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-customer`}>{t.customerNote}</label>
          <textarea
            id={`${id}-customer`}
            rows={2}
            maxLength={L.note}
            value={customerNote}
            onChange={(e) => setCustomerNote(e.target.value)}
            aria-describedby={`${id}-customer-hint`}
          />
          <span className="field-hint" id={`${id}-customer-hint`}>
            {t.customerNoteHint}
          </span>
        </div>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <div className="alert-dialog-actions">
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={move.isPending}>
            {t.confirmNo}
          </button>
          <button type="submit" className="btn btn-primary" disabled={move.isPending}>
            {t.moveConfirm}
          </button>
        </div>
      </form>
    </div>,
    document.body,
  );
}
