import { orderPageText } from '@shop/shared/messages-orders';
import { AlertDialog } from '../../../components/ui/alert-dialog';

/** 'Ta anulojmë porosinë #N?': Escape answers no, and the safe answer has the focus. */
export function CancelOrderDialog({ orderId, busy, onYes, onNo }: { orderId: number; busy: boolean; onYes: () => void; onNo: () => void }) {
  return (
    <AlertDialog
      title={orderPageText.cancelTitle(orderId)}
      text={orderPageText.cancelText}
      onEscape={onNo}
      actions={
        <>
          <button type="button" className="btn btn-outline" onClick={onNo} data-autofocus>
            {orderPageText.cancelNo}
          </button>
          <button type="button" className="btn btn-danger" onClick={onYes} disabled={busy} aria-busy={busy}>
            {busy ? orderPageText.cancelling : orderPageText.cancelYes}
          </button>
        </>
      }
    />
  );
}
