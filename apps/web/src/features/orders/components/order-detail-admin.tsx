import { useState } from 'react';
import type { IssuedGiftCard } from '@shop/shared/schemas/gift-cards';
import { Link } from '../../../lib/router';
import { fulfilmentLabels, orderStatusLabels, paymentMethodLabels, type StaffOrderStatus } from '@shop/shared/domain/orders';
import { orderChannelLabels } from '@shop/shared/domain/order-channels';
import { mayReceiveCash } from '@shop/shared/domain/payments';
import { formatDateTime } from '@shop/shared/domain/time';
import { shopAddress } from '@shop/shared/domain/shop';
import { adminMsg, orderActionText } from '@shop/shared/messages-admin';
import type { AdminOrderDetail } from '@shop/shared/schemas/admin';
import { ApiError } from '../../../lib/api-client';
import { QueryState } from '../../../components/ui/query-state';
import { useAdminOrder, useOrderPayment } from '../api/admin-orders';
import { adminQueryStates } from '../../../components/admin/error-text';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { ActionMessage } from '../../../components/admin/action-message';
import { OrderLinesTable } from './order-lines-table';
import { OrderSlip } from './order-slip';
import { OrderGiftCards } from './order-gift-cards';
import { OrderStatusDialog, type PendingMove } from './order-status-dialog';
import { UnverifiedBadge } from '../../../components/admin/unverified-badge';
import '../../../components/admin/admin-record.css';
import '../orders-admin.css';
import { EmailAddress } from '../../../components/ui/email-address';

const buttonClass: Record<StaffOrderStatus, string> = {
  confirmed: 'btn btn-primary',
  shipped: 'btn btn-primary',
  delivered: 'btn btn-success',
  cancelled: 'btn admin-danger-outline',
};

/** The back link to the list (it keeps the list's filter when the browser's Back is used instead). */
const BackLink = () => (
  <Link to="/admin/orders" className="order-back">
    {adminMsg.backToOrders}
  </Link>
);

/**
 * One order for staff (issue 14): the customer, how it is received, the note, the payment, the
 * lines with the fee, the total and the VAT it contains, the history, one button per allowed
 * next status (each asks first), and 'Printo fletën' for the A4 packing slip.
 */
export function OrderDetailAdmin({ id }: { id: number | null }) {
  const order = useAdminOrder(id);
  const notFound = id === null || (order.error instanceof ApiError && order.error.status === 404);
  if (notFound) {
    return (
      <>
        <BackLink />
        <h1 className="page-title">Porosia{id === null ? '' : ` #${id}`}</h1>
        <p className="empty-state">{adminMsg.orderNotFound}</p>
      </>
    );
  }
  return (
    <QueryState {...adminQueryStates} isPending={order.isPending} error={order.error} onRetry={() => void order.refetch()}>
      {order.data && <OrderView key={order.data.id} order={order.data} />}
    </QueryState>
  );
}

function OrderView({ order }: { order: AdminOrderDetail }) {
  const note = useActionMessage();
  const [move, setMove] = useState<PendingMove | null>(null);
  /** Decision 052: the gift cards the last move made, their codes kept only in this page's state. */
  const [giftCards, setGiftCards] = useState<IssuedGiftCard[]>([]);
  const delivery = order.delivery;
  const payment = useOrderPayment();
  const pay = (what: 'paid' | 'cash-received') => {
    note.clear();
    payment.mutate(
      { id: order.id, what },
      {
        onSuccess: () => note.success(what === 'paid' ? adminMsg.markedPaid(order.id) : adminMsg.cashReceived(order.id)),
        onError: (err) => note.failure(err),
      },
    );
  };
  return (
    <>
      <BackLink />
      <div className="admin-head order-head">
        <h1 className="page-title">Porosia #{order.id}</h1>
        <span className={`badge-pill badge-${order.status}`}>{orderStatusLabels[order.status]}</span>
        <p className="muted order-date">{formatDateTime(order.date)}</p>
      </div>
      <ActionMessage message={note.message} onDismiss={note.clear} />
      {giftCards.length > 0 && <OrderGiftCards orderId={order.id} cards={giftCards} />}
      <div className="order-actions" role="group" aria-label="Veprimet e porosisë">
        {order.nextStatuses.map((s) => {
          const status = s as StaffOrderStatus;
          return (
            <button key={s} type="button" className={buttonClass[status]} onClick={() => setMove({ id: order.id, status })}>
              {orderActionText[status].label}
            </button>
          );
        })}
        <button type="button" className="btn btn-outline" onClick={() => window.print()}>
          {adminMsg.printSlip}
        </button>
      </div>

      <div className="order-cards">
        <section className="order-card" aria-labelledby="order-customer">
          <h2 id="order-customer">Klienti</h2>
          <dl className="order-facts">
            <dt>Emri</dt>
            <dd>
              {order.customerName ?? order.userName ?? order.user}
              {order.customerVerified === false && (
                <>
                  {' '}
                  <UnverifiedBadge />
                </>
              )}
            </dd>
            <dt>Email</dt>
            <dd className="admin-break">{order.customerEmail ? <EmailAddress email={order.customerEmail} /> : adminMsg.anonymous}</dd>
            <dt>Telefoni</dt>
            <dd>{order.phone ? <a href={`tel:${order.phone.replace(/\s/g, '')}`}>{order.phone}</a> : '—'}</dd>
            {order.channel && (
              <>
                <dt>Kanali</dt>
                <dd>{order.channel === 'web' ? orderChannelLabels.web : `${orderChannelLabels[order.channel]} (porosi nga biseda)`}</dd>
              </>
            )}
          </dl>
        </section>
        <section className="order-card" aria-labelledby="order-receive">
          <h2 id="order-receive">Marrja</h2>
          <dl className="order-facts">
            <dt>Mënyra</dt>
            <dd>{fulfilmentLabels[order.fulfilment]}</dd>
            {delivery ? (
              <>
                <dt>Marrësi</dt>
                <dd>
                  {delivery.fullName}, {delivery.phone}
                </dd>
                <dt>Adresa</dt>
                <dd className="admin-break">{delivery.address}</dd>
                <dt>Komuna</dt>
                <dd>{delivery.city}</dd>
              </>
            ) : (
              <>
                <dt>Ku</dt>
                <dd>{shopAddress()}</dd>
              </>
            )}
            <dt>Pagesa</dt>
            <dd>
              {paymentMethodLabels[order.paymentMethod]}
              {order.paymentMethod === 'transfer' && (
                <span className="admin-sub"> · {order.paidAt ? adminMsg.paidOn(formatDateTime(order.paidAt)) : adminMsg.notPaid}</span>
              )}
              {order.cashReceivedAt && <span className="admin-sub"> · {adminMsg.cashOn(formatDateTime(order.cashReceivedAt))}</span>}
            </dd>
            {order.courier && (
              <>
                <dt>{adminMsg.courierLabel}</dt>
                <dd>
                  {order.courier} ·{' '}
                  {order.trackingUrl ? (
                    <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                      {order.trackingNumber}
                    </a>
                  ) : (
                    order.trackingNumber
                  )}
                </dd>
              </>
            )}
          </dl>
          {/* Decision 043: the money of the order, beside how it is paid (not among the status moves). */}
          <div className="order-payment-actions">
            {order.paymentMethod === 'transfer' && !order.paidAt && order.status !== 'cancelled' && (
              <button type="button" className="btn btn-success" disabled={payment.isPending} onClick={() => pay('paid')}>
                {adminMsg.markPaid}
              </button>
            )}
            {mayReceiveCash(order) && (
              <button type="button" className="btn btn-success" disabled={payment.isPending} onClick={() => pay('cash-received')}>
                {adminMsg.markCashReceived}
              </button>
            )}
          </div>
        </section>
        {order.note && (
          <section className="order-card" aria-labelledby="order-note">
            <h2 id="order-note">Shënimi i klientit</h2>
            <p className="order-note">{order.note}</p>
          </section>
        )}
      </div>

      <section className="order-card order-lines" aria-labelledby="order-lines">
        <h2 id="order-lines">Produktet</h2>
        <div className="table-wrap">
          <OrderLinesTable order={order} variant="screen" />
        </div>
      </section>

      <section className="order-card" aria-labelledby="order-history">
        <h2 id="order-history">Historiku</h2>
        {order.history.length === 0 ? (
          <p className="muted">—</p>
        ) : (
          <ol className="order-history">
            {order.history.map((h, i) => (
              <li key={i}>
                <time dateTime={h.at}>{formatDateTime(h.at)}</time>
                <span>{h.from ? `${orderStatusLabels[h.from]} → ${orderStatusLabels[h.status]}` : orderStatusLabels[h.status]}</span>
                <span className="admin-sub">{h.by === 'staff' ? (h.actor ?? '—') : adminMsg.historyByCustomer}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <OrderSlip order={order} />
      {move && (
        <OrderStatusDialog
          move={move}
          note={note}
          onClose={() => setMove(null)}
          onMoved={(r) => {
            if (r.giftCards && r.giftCards.length > 0) setGiftCards(r.giftCards);
          }}
          serialLines={order.serialLines ?? []}
          asksShipment={order.fulfilment === 'delivery'}
        />
      )}
    </>
  );
}
