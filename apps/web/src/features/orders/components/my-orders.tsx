import { Link } from '../../../lib/router';
import { cartText, checkoutText, myOrdersText } from '@shop/shared/messages-orders';
import { fulfilmentLabels } from '@shop/shared/domain/orders';
import { formatPrice } from '@shop/shared/domain/money';
import { discountText } from '@shop/shared/messages-discounts';
import { useMyOrders } from '../api/orders';
import { formatMoment } from '@shop/shared/domain/time';
import { ListFailed, QueryState } from '../../../components/ui/query-state';
import { OrderStatusBadge } from './order-view';
import '../orders.css';

/** 'Porositë e mia' on the profile: the user's own orders, newest first. */
export function MyOrders() {
  const { data, isPending, isError, refetch } = useMyOrders();

  return (
    <section className="my-orders" aria-labelledby="my-orders-title">
      <h2 id="my-orders-title" className="my-orders-title">
        {myOrdersText.title}
      </h2>
      {isError && !data ? (
        <ListFailed onRetry={() => void refetch()} />
      ) : (
        <QueryState
          isPending={isPending}
          loadingText={myOrdersText.loading}
          isEmpty={data?.length === 0}
          empty={
            <div className="empty-state my-orders-empty">
              <p>{myOrdersText.empty}</p>
              <Link to="/products">{cartText.browse}</Link>
            </div>
          }
        >
          <ol className="order-list">
            {data?.map((order) => (
              <li key={order.id} className="order-card" aria-labelledby={`order-${order.id}`}>
                <div className="order-head">
                  <h3 id={`order-${order.id}`} className="order-title">
                    {myOrdersText.order(order.id)}
                  </h3>
                  <OrderStatusBadge status={order.status} />
                </div>
                <p className="order-date muted">
                  <span className="visually-hidden">{myOrdersText.date}: </span>
                  <time dateTime={order.createdAt}>{formatMoment(order.createdAt)}</time>
                </p>
                <ul className="order-items" aria-label={myOrdersText.items}>
                  {order.items.map((item) => (
                    <li key={`${item.id}#${item.variantId ?? ''}`}>
                      <span className="order-item-name">
                        {item.name}
                        {item.variant && <span className="order-item-variant">{item.variant}</span>}
                      </span>
                      <span className="order-item-qty">
                        {item.quantity} x {formatPrice(item.price)}
                      </span>
                    </li>
                  ))}
                </ul>
                <p className="order-card-meta">
                  <span>{fulfilmentLabels[order.fulfilment]}</span>
                  {order.deliveryFee > 0 && (
                    <span className="muted">
                      {checkoutText.deliveryFee}: {formatPrice(order.deliveryFee)}
                    </span>
                  )}
                </p>
                {/* Decision 053: an order placed with a code shows it beside the total, as the order's page does. */}
                {order.discount && (
                  <p className="order-total order-discount-line">
                    <span>{discountText.discountOf(order.discount.code)}</span>
                    <span data-testid="my-order-discount">−{formatPrice(order.discount.amount)}</span>
                  </p>
                )}
                <p className="order-total">
                  <span>{order.deliveryFee > 0 ? myOrdersText.totalWithFee : myOrdersText.total}</span>
                  <strong>{formatPrice(order.total)}</strong>
                </p>
                <Link to={`/porosia/${order.id}`} className="order-card-link">
                  {myOrdersText.view(order.id)}
                </Link>
              </li>
            ))}
          </ol>
        </QueryState>
      )}
    </section>
  );
}
