import { useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { repairLimits as L, repairStatusLabels, type RepairStatus } from '@shop/shared/domain/repairs';
import { repairMessages, repairScreenMessages as t } from '@shop/shared/messages-repairs';
import { repairMoveBodySchema, type RepairDetail } from '@shop/shared/schemas/repairs';
import { useModal } from '../../../components/ui/use-modal';
import '../../../components/ui/alert-dialog.css';
import { useMoveRepair } from '../api/repairs';
import { errorText } from '../error-text';
import type { useActionMessage } from '../hooks/use-action-message';

/**
 * A ticket's status move (issue 16): the next status (only the allowed ones, `detail.nextStatuses`,
 * the one whose button was pressed chosen), a note for staff and a note the customer reads on the
 * tracking page and in the mail. A modal dialog: the page behind is inert, Escape and 'Kthehu'
 * leave it as it was. A refused move (409) shows the server's message inside the dialog.
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
  const [error, setError] = useState<string | null>(null);
  useModal(panel, () => {
    if (!move.isPending) onClose();
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = repairMoveBodySchema.safeParse({ status, note: staffNote, customerNote });
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
                {repairStatusLabels[s]}
              </option>
            ))}
          </select>
        </div>
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
