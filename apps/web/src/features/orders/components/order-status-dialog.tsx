import { useState } from 'react';
import type { StaffOrderStatus } from '@shop/shared/domain/orders';
import { imeiProblem, normalizeImei } from '@shop/shared/domain/units';
import type { AdminOrderDetail } from '@shop/shared/schemas/admin';
import { adminMsg, orderActionText } from '@shop/shared/messages-admin';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { useSetOrderStatus, type PickedUnits } from '../api/admin-orders';
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
}: {
  move: PendingMove;
  onClose: () => void;
  note: ReturnType<typeof useActionMessage>;
  /** The order's lines tracked by IMEI (decision 040): confirming or handing over asks for their units' IMEIs. */
  serialLines?: NonNullable<AdminOrderDetail['serialLines']>;
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
    if (slots.length > 0 && [...problems.values()].some((p) => p !== null)) {
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
      { ...move, units },
      {
        onSuccess: () => note.success(text.done(move.id)),
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
        slots.length > 0 ? (
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
