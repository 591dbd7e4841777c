import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { orderPageText } from '@shop/shared/messages-orders';
import { useModal } from '../../../components/ui/use-modal';

/**
 * 'Ta anulojmë porosinë #N?': an alert dialog (the page behind is inert, Tab stays inside,
 * Escape answers no). The safe answer has the focus.
 */
export function CancelOrderDialog({ orderId, busy, onYes, onNo }: { orderId: number; busy: boolean; onYes: () => void; onNo: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const no = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  useModal(panel, onNo);
  useEffect(() => no.current?.focus(), []);
  return createPortal(
    <div className="order-dialog-backdrop">
      <div ref={panel} className="order-dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId}>
        <h2 id={titleId}>{orderPageText.cancelTitle(orderId)}</h2>
        <p id={textId}>{orderPageText.cancelText}</p>
        <div className="order-dialog-actions">
          <button ref={no} type="button" className="btn btn-outline" onClick={onNo}>
            {orderPageText.cancelNo}
          </button>
          <button type="button" className="btn btn-danger" onClick={onYes} disabled={busy} aria-busy={busy}>
            {busy ? orderPageText.cancelling : orderPageText.cancelYes}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
