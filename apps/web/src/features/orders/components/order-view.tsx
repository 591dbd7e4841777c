import { giftCardText } from '@shop/shared/messages-gift-cards';
import { useState, type ReactNode } from 'react';
import { discountText } from '@shop/shared/messages-discounts';
import type { UseMutationResult } from '@tanstack/react-query';
import { Link } from '../../../lib/router';
import { formatPrice, lineTotal } from '@shop/shared/domain/money';
import { fulfilmentLabels, orderStatusLabels, paymentMethodLabels } from '@shop/shared/domain/orders';
import { openDaysText, shop, shopAddress } from '@shop/shared/domain/shop';
import { formatMoment } from '@shop/shared/domain/time';
import { checkoutText, myOrdersText, orderNextStep, orderPageText } from '@shop/shared/messages-orders';
import { orderMessages, type OrderDetail } from '@shop/shared/schemas/order';
import { LoadError, LoadingNote } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { useCancelOrder, useOrder } from '../api/orders';
import { CancelOrderDialog } from './cancel-order-dialog';
import { ShipmentBox, TransferBox } from './order-payment';
import '../orders.css';

/** An order's status as a badge: the label in words, coloured by status. */
export function OrderStatusBadge({ status }: { status: OrderDetail['status'] }) {
  return (
    <span className={`order-status order-status-${status}`}>
      <span className="visually-hidden">{myOrdersText.status}: </span>
      {orderStatusLabels[status]}
    </span>
  );
}

/**
 * /porosia/{id}: the customer's own order with its lines, fee, total and the VAT it contains, how it
 * is received and paid, what happens next, its history and 'Anulo porosinë' while it is pending.
 * Once delivered, each line not rated yet leads to its product's review form ('Vlerëso produktin').
 */
export function OrderView({ id }: { id: number }) {
  const order = useOrder(id);
  const cancel = useCancelOrder(id);
  if (order.isPending && order.fetchStatus !== 'idle') return <LoadingNote text={orderPageText.loading} />;
  if (order.isError) return <LoadError text={orderPageText.error} onRetry={() => void order.refetch()} />;
  if (!order.data) return <OrderNotFound />;
  return <OrderDetails order={order.data} cancel={cancel} />;
}

export function OrderNotFound() {
  return (
    <div className="empty-state order-not-found">
      <h1>{orderPageText.notFound}</h1>
      <p className="muted">{orderPageText.notFoundHint}</p>
      <Link to="/profile" className="btn btn-primary">
        {orderPageText.toMyOrders}
      </Link>
    </div>
  );
}

/**
 * An order's page. `cancel`: the customer's or the guest's cancelling (by the link, decision 042);
 * `contact`: a guest order's contact, shown beside how it is received; `footer`: the links under
 * the order (the account's 'Porositë e mia' by default).
 */
export function OrderDetails({
  order,
  cancel,
  contact,
  footer,
}: {
  order: OrderDetail;
  cancel: UseMutationResult<OrderDetail, Error, void>;
  contact?: ReactNode;
  footer?: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const doCancel = () => {
    cancel.mutate(undefined, {
      onSuccess: (o) => {
        setAsking(false);
        setNotice({ ok: true, text: orderMessages.cancelled(o.id) });
      },
      onError: (err) => {
        setAsking(false);
        setNotice({
          ok: false,
          text: orderPageText.cancelFailed + (err instanceof ApiError && err.message ? err.message : orderPageText.error),
        });
      },
    });
  };

  return (
    <article className="order-page" aria-labelledby="order-title">
      <header className="order-page-head">
        <h1 id="order-title" className="page-title">
          {orderPageText.title(order.id)}
        </h1>
        <OrderStatusBadge status={order.status} />
      </header>
      <p className="muted order-date">
        {orderPageText.placedAt} <time dateTime={order.createdAt}>{formatMoment(order.createdAt)}</time>
      </p>

      <p
        className={notice ? `alert ${notice.ok ? 'alert-success' : 'alert-error'}` : 'visually-hidden'}
        role={notice && !notice.ok ? 'alert' : 'status'}
      >
        {notice?.text ?? ''}
      </p>

      <section className="order-next alert alert-info" aria-labelledby="order-next-title">
        <h2 id="order-next-title">{orderPageText.nextStep}</h2>
        <p>{orderNextStep(order.status, order.fulfilment, order.paymentMethod)}</p>
      </section>

      <div className="order-page-grid">
        <section className="order-box" aria-labelledby="order-items-title">
          <h2 id="order-items-title">{orderPageText.items}</h2>
          <ul className="order-items">
            {order.items.map((item) => (
              <li key={`${item.id}#${item.variantId ?? ''}`}>
                <span className="order-item-name">
                  {item.name}
                  {item.variant && <span className="order-item-variant">{item.variant}</span>}
                  {item.imeis && item.imeis.length > 0 && <span className="order-item-variant">IMEI: {item.imeis.join(', ')}</span>}
                  <span className="order-item-qty">
                    {' '}
                    {item.quantity} x {formatPrice(item.price)}
                  </span>
                </span>
                <span className="order-item-sum">{formatPrice(lineTotal(item.price, item.quantity))}</span>
                {order.toReview.includes(item.id) && (
                  <span className="order-item-actions">
                    {/* The line's name in what a screen reader hears: one order may offer several. */}
                    <Link
                      className="btn btn-outline btn-sm"
                      to={`/products/${encodeURIComponent(item.id)}#vleresimi`}
                      aria-label={`${orderPageText.rate}: ${item.name}`}
                    >
                      {orderPageText.rate}
                    </Link>
                  </span>
                )}
              </li>
            ))}
          </ul>
          <dl className="order-sums">
            <div>
              <dt>{checkoutText.subtotal}</dt>
              <dd>{formatPrice(order.subtotal)}</dd>
            </div>
            <div>
              <dt>{checkoutText.deliveryFee}</dt>
              <dd>{order.deliveryFee === 0 ? checkoutText.free : formatPrice(order.deliveryFee)}</dd>
            </div>
            {order.discount && (
              <div className="order-sums-discount">
                <dt>{discountText.discountOf(order.discount.code)}</dt>
                <dd data-testid="order-discount">−{formatPrice(order.discount.amount)}</dd>
              </div>
            )}
            <div className="order-sums-total">
              <dt>{myOrdersText.total}</dt>
              <dd data-testid="order-total">{formatPrice(order.total)}</dd>
            </div>
            <div className="order-sums-vat">
              <dt>{orderPageText.vatIncluded(order.vatPercent)}</dt>
              <dd>{formatPrice(order.vatIncluded)}</dd>
            </div>
            {/* Decision 048: a gift card paid part of the total; the rest is paid as chosen. */}
            {order.giftCard && (
              <>
                <div>
                  <dt>{giftCardText.paidWithCard}</dt>
                  <dd data-testid="order-gift-card">−{formatPrice(order.giftCard.paid)}</dd>
                </div>
                <div className="order-sums-total">
                  <dt>{giftCardText.due}</dt>
                  <dd data-testid="order-due">{formatPrice(order.giftCard.due)}</dd>
                </div>
              </>
            )}
          </dl>
          {order.giftCard?.due === 0 && <p className="muted">{giftCardText.coversAll}</p>}
        </section>

        <div className="order-side">
          <TransferBox order={order} />
          <ShipmentBox order={order} />
          <section className="order-box" aria-labelledby="order-receive-title">
            <h2 id="order-receive-title">{orderPageText.receive}</h2>
            <p className="order-receive-way">
              <strong>{fulfilmentLabels[order.fulfilment]}</strong>
            </p>
            <dl className="order-facts">
              {order.fulfilment === 'pickup' || !order.delivery ? (
                <>
                  <div>
                    <dt>{orderPageText.pickupAt}</dt>
                    <dd>{shopAddress()}</dd>
                  </div>
                  <div>
                    <dt>{orderPageText.hours}</dt>
                    <dd>
                      {openDaysText()} {shop.opens}–{shop.closes}
                    </dd>
                  </div>
                </>
              ) : (
                <>
                  <div>
                    <dt>{orderPageText.recipient}</dt>
                    <dd>{order.delivery.fullName}</dd>
                  </div>
                  <div>
                    <dt>{orderPageText.phone}</dt>
                    <dd>{order.delivery.phone}</dd>
                  </div>
                  <div>
                    <dt>{orderPageText.address}</dt>
                    <dd>
                      {order.delivery.address}, {order.delivery.city}
                    </dd>
                  </div>
                </>
              )}
              {order.note && (
                <div>
                  <dt>{orderPageText.note}</dt>
                  <dd>{order.note}</dd>
                </div>
              )}
              <div>
                <dt>{orderPageText.payment}</dt>
                <dd>{paymentMethodLabels[order.paymentMethod]}</dd>
              </div>
            </dl>
            {contact}
          </section>

          <section className="order-box" aria-labelledby="order-history-title">
            <h2 id="order-history-title">{orderPageText.history}</h2>
            <ol className="order-history">
              {order.history.map((h, i) => (
                <li key={`${h.at}-${i}`}>
                  <strong>{h.from === null ? orderPageText.placed : orderStatusLabels[h.status]}</strong>
                  <span className="muted">
                    <time dateTime={h.at}>{formatMoment(h.at)}</time>,{' '}
                    {h.by === 'customer' ? orderPageText.byCustomer : orderPageText.byShop}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>

      <p className="order-page-actions">
        {order.canCancel && (
          <button type="button" className="btn btn-outline order-cancel" onClick={() => setAsking(true)}>
            {orderPageText.cancel}
          </button>
        )}
        {footer ?? (
          <Link to="/profile" className="btn btn-ghost">
            {orderPageText.toMyOrders}
          </Link>
        )}
      </p>

      {asking && <CancelOrderDialog orderId={order.id} busy={cancel.isPending} onYes={doCancel} onNo={() => setAsking(false)} />}
    </article>
  );
}
