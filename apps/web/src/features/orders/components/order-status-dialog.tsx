import { useState } from 'react';
import type { StaffOrderStatus } from '@shop/shared/domain/orders';
import { imeiProblem, normalizeImei } from '@shop/shared/domain/units';
import type { AdminOrderDetail, AdminOrderMove } from '@shop/shared/schemas/admin';
import { adminMsg, orderActionText } from '@shop/shared/messages-admin';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { useCouriers, useSetOrderStatus, type PickedUnits } from '../api/admin-orders';
import { TRACKING_NUMBER_PATTERN } from '@shop/shared/domain/shop-settings';
import type { useActionMessage } from '../../../components/admin/use-action-message';

/** A status move waiting for its confirmation. */
export interface PendingMove {
  id: number;
  status: StaffOrderStatus;
}

/**
 * The question before a status move (issue 14: 'Sheno si dorezuar' was final with one click): an
 * alert dialog naming the order and what the move does; the page behind is inert, Tab stays
 * inside, Escape and 'Kthehu' leave it as it was. After the move the page's note says what was done.
 */
export function OrderStatusDialog({
  move,
  onClose,
  note,
  serialLines = [],
  asksShipment = false,
  onMoved,
}: {
  move: PendingMove;
  onClose: () => void;
  /** The move's answer (decision 052: the gift cards it made, their codes shown once by the page). */
  onMoved?: (result: AdminOrderMove) => void;
  note: ReturnType<typeof useActionMessage>;
  /** The order's lines tracked by IMEI (decision 040): confirming or handing over asks for their units' IMEIs. */
  serialLines?: NonNullable<AdminOrderDetail['serialLines']>;
  /** Sending an order on delivery asks its courier and tracking number (decision 043). */
  asksShipment?: boolean;
}) {
  const text = orderActionText[move.status];
  const setStatus = useSetOrderStatus();
  const [busy, setBusy] = useState(false);
  const asksUnits = move.status !== 'cancelled';
  // One field per unit a serialized line still lacks.
  const slots = asksUnits
    ? serialLines.flatMap((l) => Array.from({ length: Math.max(0, l.quantity - l.imeis.length) }, (_, i) => ({ line: l, index: i })))
    : [];
  const [imeis, setImeis] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const shipping = asksShipment && move.status === 'shipped';
  const couriers = useCouriers();
  const [courier, setCourier] = useState('');
  const [tracking, setTracking] = useState('');
  // Both or neither: an order may leave without a tracking number (the contract's move, decision 043).
  const giving = shipping && (courier !== '' || tracking.trim() !== '');
  const courierProblem = giving && !courier ? adminMsg.courier : null;
  const trackingProblem = giving && !TRACKING_NUMBER_PATTERN.test(tracking.trim()) ? adminMsg.trackingNumber : null;
  const keyOf = (slot: (typeof slots)[number]) => `${slot.line.line}-${slot.index}`;
  const problems = new Map(
    slots.map((slot) => {
      const value = imeis[keyOf(slot)] ?? '';
      const problem = imeiProblem(value);
      const twice = !problem && slots.some((o) => keyOf(o) < keyOf(slot) && normalizeImei(imeis[keyOf(o)] ?? '') === normalizeImei(value));
      return [keyOf(slot), problem ?? (twice ? 'Ky IMEI është zgjedhur edhe për një njësi tjetër.' : null)];
    }),
  );

  const confirm = () => {
    if ((slots.length > 0 && [...problems.values()].some((p) => p !== null)) || courierProblem || trackingProblem) {
      setChecked(true);
      return;
    }
    const units: PickedUnits = serialLines
      .map((l) => ({
        line: l.line,
        imeis: slots.filter((s) => s.line.line === l.line).map((s) => normalizeImei(imeis[keyOf(s)] ?? '')),
      }))
      .filter((u) => u.imeis.length > 0);
    setBusy(true);
    note.clear();
    setStatus.mutate(
      { ...move, units, ...(giving ? { shipment: { courier, trackingNumber: tracking.trim() } } : {}) },
      {
        onSuccess: (result) => {
          note.success(text.done(move.id));
          onMoved?.(result);
        },
        onError: (err) => note.failure(err),
        onSettled: () => onClose(),
      },
    );
  };

  // The safe answer has the focus when the move cannot be undone by another move (a cancellation).
  const destructive = move.status === 'cancelled';
  return (
    <AlertDialog
      title={text.title(move.id)}
      text={text.effect}
      onEscape={() => {
        if (!busy) onClose();
      }}
      children={
        shipping || slots.length > 0 ? (
          <>
            {shipping && (
              <fieldset className="order-shipment-fields">
                <legend>{adminMsg.shipmentLegend}</legend>
                <p className="admin-sub" id="ship-hint">
                  {adminMsg.shipmentHint}
                </p>
                <div className="field">
                  <label htmlFor="ship-courier">{adminMsg.courierLabel}</label>
                  <select
                    id="ship-courier"
                    value={courier}
                    onChange={(e) => setCourier(e.target.value)}
                    aria-invalid={checked && courierProblem ? true : undefined}
                    aria-describedby={checked && courierProblem ? 'ship-courier-error' : undefined}
                  >
                    <option value="">—</option>
                    {(couriers.data ?? []).map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                  {checked && courierProblem && (
                    <p id="ship-courier-error" className="field-error" role="alert">
                      {courierProblem}
                    </p>
                  )}
                </div>
                <div className="field">
                  <label htmlFor="ship-tracking">{adminMsg.trackingLabel}</label>
                  <input
                    id="ship-tracking"
                    autoComplete="off"
                    value={tracking}
                    onChange={(e) => setTracking(e.target.value)}
                    aria-invalid={checked && trackingProblem ? true : undefined}
                    aria-describedby={checked && trackingProblem ? 'ship-tracking-error' : undefined}
                  />
                  {checked && trackingProblem && (
                    <p id="ship-tracking-error" className="field-error" role="alert">
                      {trackingProblem}
                    </p>
                  )}
                </div>
              </fieldset>
            )}
            {slots.length > 0 && (
              <fieldset className="order-imeis">
                <legend>IMEI e njësive (skanoni ose zgjidhni nga stoku)</legend>
                {serialLines.map((l) => (
                  <datalist key={l.line} id={`imei-stock-${l.line}`}>
                    {l.inStock.map((imei) => (
                      <option key={imei} value={imei} />
                    ))}
                  </datalist>
                ))}
                {slots.map((slot) => {
                  const key = keyOf(slot);
                  const problem = checked || (imeis[key] ?? '') !== '' ? problems.get(key) : null;
                  const count = slot.line.quantity - slot.line.imeis.length;
                  return (
                    <div key={key} className="field">
                      <label htmlFor={`imei-${key}`}>
                        IMEI për “{slot.line.name}”{count > 1 ? ` (${slot.index + 1} nga ${count})` : ''}
                      </label>
                      <input
                        id={`imei-${key}`}
                        inputMode="numeric"
                        autoComplete="off"
                        list={`imei-stock-${slot.line.line}`}
                        value={imeis[key] ?? ''}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? `imei-${key}-error` : undefined}
                        onChange={(e) => setImeis((all) => ({ ...all, [key]: e.target.value }))}
                        onKeyDown={(e) => {
                          // A scanner ends with Enter: go to the next field, not submit.
                          if (e.key === 'Enter') {
                            e.preventDefault();
                            const fields = [...(e.currentTarget.closest('fieldset')?.querySelectorAll('input') ?? [])];
                            const next = fields[fields.indexOf(e.currentTarget) + 1];
                            if (next) next.focus();
                          }
                        }}
                      />
                      {problem && (
                        <p id={`imei-${key}-error`} className="field-error" role="alert">
                          {problem}
                        </p>
                      )}
                      {slot.line.inStock.length === 0 && <p className="admin-sub">Asnjë njësi në stok për këtë variant.</p>}
                    </div>
                  );
                })}
              </fieldset>
            )}
          </>
        ) : undefined
      }
      actions={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={busy} data-autofocus={destructive || undefined}>
            {adminMsg.confirmBack}
          </button>
          <button
            type="button"
            className={destructive ? 'btn btn-danger' : 'btn btn-primary'}
            onClick={confirm}
            disabled={busy}
            data-autofocus={destructive ? undefined : true}
          >
            {text.label}
          </button>
        </>
      }
    />
  );
}
