import { formatPrice } from '@shop/shared/domain/money';
import { formatIban } from '@shop/shared/domain/shop-settings';
import { formatDay } from '@shop/shared/domain/time';
import { transferText } from '@shop/shared/messages-orders';
import type { Order } from '@shop/shared/schemas/order';

/**
 * A bank-transfer order's box (decision 043): the shop's bank and IBAN, the amount, the reference
 * (the order's number) and the day it is cancelled unpaid; once paid, the day it was.
 */
export function TransferBox({ order }: { order: Order }) {
  const t = order.transfer;
  if (!t || order.status === 'cancelled') return null;
  return (
    <section className="order-box order-transfer" aria-labelledby="order-transfer-title" data-testid="order-transfer">
      <h2 id="order-transfer-title">{transferText.title}</h2>
      {t.paidAt ? (
        <p className="alert alert-success">{transferText.paid(formatDay(t.paidAt))}</p>
      ) : (
        <>
          <p className="muted">{transferText.intro}</p>
          <dl className="order-facts">
            <div>
              <dt>{transferText.bank}</dt>
              <dd>{t.bankName}</dd>
            </div>
            <div>
              <dt>{transferText.iban}</dt>
              <dd className="order-iban" data-testid="order-iban">
                {formatIban(t.iban)}
              </dd>
            </div>
            <div>
              <dt>{transferText.amount}</dt>
              <dd>{formatPrice(t.amount)}</dd>
            </div>
            <div>
              <dt>{transferText.reference}</dt>
              <dd data-testid="order-reference">{t.reference}</dd>
            </div>
            <div>
              <dt>{transferText.payBy}</dt>
              <dd>{formatDay(t.payBy)}</dd>
            </div>
          </dl>
          <p className="muted">{transferText.payByHint}</p>
        </>
      )}
    </section>
  );
}

/** A sent order's courier and tracking number, with a link to the courier's tracking page when it has one. */
export function ShipmentBox({ order }: { order: Order }) {
  const s = order.shipment;
  if (!s && !order.cashReceivedAt) return null;
  return (
    <section className="order-box order-shipment" aria-labelledby="order-shipment-title">
      <h2 id="order-shipment-title">{transferText.shipmentTitle}</h2>
      {s && (
        <dl className="order-facts">
          <div>
            <dt>{transferText.courier}</dt>
            <dd>{s.courier}</dd>
          </div>
          <div>
            <dt>{transferText.trackingNumber}</dt>
            <dd>{s.trackingNumber}</dd>
          </div>
        </dl>
      )}
      {s?.trackingUrl && (
        <p>
          <a className="btn btn-outline" href={s.trackingUrl} target="_blank" rel="noopener noreferrer" data-testid="order-tracking-link">
            {transferText.track} <span className="visually-hidden">{transferText.newTab}</span>
          </a>
        </p>
      )}
      {order.cashReceivedAt && <p className="muted">{transferText.cashReceived(formatDay(order.cashReceivedAt))}</p>}
    </section>
  );
}
