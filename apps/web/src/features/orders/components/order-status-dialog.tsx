import { useState } from 'react';
import type { StaffOrderStatus } from '@shop/shared/domain/orders';
import { adminMsg, orderActionText } from '@shop/shared/messages-admin';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { useSetOrderStatus } from '../api/admin-orders';
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
}: {
  move: PendingMove;
  onClose: () => void;
  note: ReturnType<typeof useActionMessage>;
}) {
  const text = orderActionText[move.status];
  const setStatus = useSetOrderStatus();
  const [busy, setBusy] = useState(false);

  const confirm = () => {
    setBusy(true);
    note.clear();
    setStatus.mutate(move, {
      onSuccess: () => note.success(text.done(move.id)),
      onError: (err) => note.failure(err),
      onSettled: () => onClose(),
    });
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
