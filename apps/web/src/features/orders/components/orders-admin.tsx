import { useState, type FormEvent } from 'react';
import { Link } from '../../../lib/router';
import { adminMsg, orderActionText } from '@shop/shared/messages-admin';
import { fulfilmentLabels, orderStatuses, orderStatusLabels, type OrderStatus, type StaffOrderStatus } from '@shop/shared/domain/orders';
import { nextStaffStatuses } from '@shop/shared/domain/order-moves';
import { formatPrice } from '@shop/shared/domain/money';
import { discountText } from '@shop/shared/messages-discounts';
import { formatDateTime } from '@shop/shared/domain/time';
import { useAdminOrderSearch, type OrderFilters } from '../api/admin-orders';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { ActionMessage } from '../../../components/admin/action-message';
import { QueryState } from '../../../components/ui/query-state';
import { adminQueryStates } from '../../../components/admin/error-text';
import { AdminTable, RowActions } from '../../../components/admin/admin-table';
import { Pager } from '../../../components/ui/pager';
import { CsvExport } from '../../../components/ui/csv-export';
import { OrderStatusDialog, type PendingMove } from './order-status-dialog';
import { OrderGiftCards } from './order-gift-cards';
import type { IssuedGiftCard } from '@shop/shared/schemas/gift-cards';
import { UnverifiedBadge } from '../../../components/admin/unverified-badge';
import '../../../components/admin/admin-record.css';
import '../orders-admin.css';
import { positiveParam, readListQuery, useListParams } from '../../../lib/use-list-params';
import { listSorts } from '@shop/shared/domain/admin-lists';
import { SortControls } from '../../../components/ui/list-controls';
import { EmailAddress } from '../../../components/ui/email-address';

const isStatus = (v: string | null): v is OrderStatus => (orderStatuses as readonly string[]).includes(v ?? '');

/** The filter, search and page from the address; a value the API would refuse is left out. */
function readFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const { sort, dir } = readListQuery(params, listSorts.orders);
  return { page: positiveParam(params.get('page')) ?? 1, status: isStatus(status) ? status : undefined, q: q || undefined, sort, dir };
}

/** The moves the list offers on a row: the spec's two ('Sheno si dorezuar', 'Anulo'); the others are on the order's page. */
const listMoves: readonly StaffOrderStatus[] = ['delivered', 'cancelled'];

export const orderPath = (id: number) => `/admin/orders/${id}`;

/**
 * product.md §2.9 orders: 'Lista e Porosive' with 'Sheno si dorezuar' and 'Anulo' on the orders
 * that allow them, filtered by status (with counts), searched by number, name, phone or e-mail,
 * 20 a page (issue 14). Filter, search and page live in the address, so a link or Back keeps them.
 */
export function OrdersAdmin() {
  const { filters, update } = useListParams<OrderFilters, 'status' | 'q' | 'sort' | 'dir'>(readFilters);
  const orders = useAdminOrderSearch(filters);
  const note = useActionMessage();
  const [move, setMove] = useState<PendingMove | null>(null);
  /** Decision 052: the gift cards a move from the list made ('Shëno si dorëzuar' of an order with cards), shown once here. */
  const [giftCards, setGiftCards] = useState<{ orderId: number; cards: IssuedGiftCard[] } | null>(null);
  const [query, setQuery] = useState(filters.q ?? '');
  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = filters.status !== undefined || filters.q !== undefined;
  const everything = data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update({ q: query.trim() });
  };

  return (
    <>
      <div className="admin-head">
        <h1 className="page-title">Lista e Porosive</h1>
        {data && (
          <p className="muted" role="status">
            {adminMsg.ordersCount(data.total)}
          </p>
        )}
        <Link to="/admin/porosi-nga-biseda" className="btn btn-outline">
          Porosi nga biseda
        </Link>
      </div>
      <ActionMessage message={note.message} onDismiss={note.clear} />
      {giftCards && <OrderGiftCards key={giftCards.orderId} orderId={giftCards.orderId} cards={giftCards.cards} />}
      <CsvExport kinds={['orders']} />
      <form className="orders-search" role="search" aria-label={adminMsg.ordersSearchLabel} onSubmit={submit}>
        <label htmlFor="orders-q" className="visually-hidden">
          {adminMsg.ordersSearchLabel}
        </label>
        <input
          id="orders-q"
          type="search"
          value={query}
          maxLength={200}
          placeholder={adminMsg.ordersSearchPlaceholder}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          {adminMsg.ordersSearchButton}
        </button>
      </form>
      <div className="admin-toolbar">
        <div className="admin-filter" role="group" aria-label={adminMsg.ordersFilter}>
          <button type="button" aria-pressed={filters.status === undefined} onClick={() => update({ status: '' })}>
            {adminMsg.ordersAll} ({everything})
          </button>
          {orderStatuses.map((s) => (
            <button key={s} type="button" aria-pressed={filters.status === s} onClick={() => update({ status: s })}>
              {orderStatusLabels[s]} ({data?.counts[s] ?? 0})
            </button>
          ))}
        </div>
        <SortControls sorts={listSorts.orders} sort={filters.sort} dir={filters.dir} onSort={(sort, dir) => update({ sort, dir })} />
      </div>
      <QueryState {...adminQueryStates} isPending={orders.isPending} error={orders.error} onRetry={() => void orders.refetch()}>
        <div aria-busy={orders.isFetching}>
          <AdminTable
            caption="Lista e Porosive"
            className="orders-table"
            columns={['Porosia', 'Data', 'Klienti', 'Telefoni', 'Marrja', { label: 'Totali', className: 'num' }, 'Statusi']}
            isEmpty={data?.orders.length === 0}
            emptyText={filtered ? adminMsg.ordersNoMatch : adminMsg.noOrders}
          >
            {data?.orders.map((o) => {
              const name = o.customerName || o.userName || o.user;
              const moves = listMoves.filter((s) => nextStaffStatuses(o.status, o.fulfilment).includes(s));
              return (
                <tr key={o.id} data-order-id={o.id}>
                  <td data-label="Porosia" className="col-order">
                    <Link to={orderPath(o.id)} className="admin-product-name" aria-label={`Porosia #${o.id}`}>
                      #{o.id}
                    </Link>
                  </td>
                  <td data-label="Data">{formatDateTime(o.date)}</td>
                  <td data-label="Klienti">
                    <div>
                      <span className="admin-break">{name}</span>
                      {o.user !== name && (
                        <span className="admin-sub admin-break">{o.user.includes('@') ? <EmailAddress email={o.user} /> : o.user}</span>
                      )}
                      {o.customerVerified === false && <UnverifiedBadge />}
                    </div>
                  </td>
                  <td data-label="Telefoni" className="col-order">
                    {o.phone ?? '—'}
                  </td>
                  <td data-label="Marrja">
                    {fulfilmentLabels[o.fulfilment]}
                    {o.city && <span className="admin-sub">{o.city}</span>}
                  </td>
                  <td data-label="Totali" className="num">
                    {formatPrice(o.totalAmount)}
                    {/* Decision 053: the code's discount under the total (the total is already net of it). */}
                    {o.discount && (
                      <span className="admin-sub">
                        {discountText.discountOf(o.discount.code)}: −{formatPrice(o.discount.amount)}
                      </span>
                    )}
                  </td>
                  <td data-label="Statusi" className="col-status">
                    <div className="admin-status-cell">
                      <span className={`badge-pill badge-${o.status}`}>{orderStatusLabels[o.status]}</span>
                      {moves.length > 0 && (
                        <RowActions>
                          {moves.map((s) => (
                            <button
                              key={s}
                              type="button"
                              className={s === 'cancelled' ? 'btn btn-sm admin-danger-outline' : 'btn btn-sm btn-success'}
                              onClick={() => setMove({ id: o.id, status: s })}
                              aria-label={`${orderActionText[s].label}: porosia #${o.id}`}
                            >
                              {orderActionText[s].label}
                            </button>
                          ))}
                        </RowActions>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        </div>
        {data && pages > 1 && (
          <Pager label={adminMsg.ordersPager} page={filters.page} pages={pages} onPage={(n) => update({ page: String(n) })} />
        )}
      </QueryState>
      {move && (
        <OrderStatusDialog
          move={move}
          note={note}
          onClose={() => setMove(null)}
          onMoved={(r) => setGiftCards(r.giftCards && r.giftCards.length > 0 ? { orderId: r.id, cards: r.giftCards } : null)}
        />
      )}
    </>
  );
}
