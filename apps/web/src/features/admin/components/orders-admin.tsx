import { useState } from 'react';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminOrder } from '@shop/shared/schemas/admin';
import { orderStatusLabels, orderTransitions, type OrderStatus } from '@shop/shared/domain/orders';
import { formatPrice } from '@shop/shared/domain/money';
import { useAdminOrders, useSetOrderStatus } from '../api/orders';
import { formatDateTime } from '@shop/shared/domain/time';
import { useActionMessage } from '../hooks/use-action-message';
import { ActionMessage } from './action-message';
import { QueryState } from '../../../components/ui/query-state';
import { adminQueryStates } from '../error-text';
import { AdminTable, RowActions } from './admin-table';

type Filter = 'all' | OrderStatus;
const filters: { value: Filter; label: string }[] = [
  { value: 'all', label: 'Të gjitha' },
  { value: 'pending', label: orderStatusLabels.pending },
  { value: 'delivered', label: orderStatusLabels.delivered },
  { value: 'cancelled', label: orderStatusLabels.cancelled },
];

/** product.md §2.9 orders: 'Lista e Porosive' with 'Sheno si dorezuar' and 'Anulo' on pending orders. */
export function OrdersAdmin() {
  const orders = useAdminOrders();
  const setStatus = useSetOrderStatus();
  const note = useActionMessage();
  const [filter, setFilter] = useState<Filter>('all');

  const change = (o: AdminOrder, status: 'delivered' | 'cancelled') => {
    if (status === 'cancelled' && !window.confirm(`${adminMsg.confirmCancelOrder} (#${o.id})`)) return;
    note.clear();
    setStatus.mutate(
      { id: o.id, status },
      {
        onSuccess: (r) => note.success(`Porosia #${r.id}: ${orderStatusLabels[r.status]}.`),
        onError: (err) => note.failure(err),
      },
    );
  };

  const all = orders.data ?? [];
  const shown = filter === 'all' ? all : all.filter((o) => o.status === filter);
  const count = (f: Filter) => (f === 'all' ? all.length : all.filter((o) => o.status === f).length);

  return (
    <>
      <div className="admin-head">
        <h1 className="page-title">Lista e Porosive</h1>
      </div>
      <ActionMessage message={note.message} onDismiss={note.clear} />
      <QueryState {...adminQueryStates} isPending={orders.isPending} error={orders.error} onRetry={() => void orders.refetch()}>
        {all.length === 0 ? (
          <p className="empty-state">{adminMsg.noOrders}</p>
        ) : (
          <>
            <div className="admin-toolbar">
              <div className="admin-filter" role="group" aria-label="Filtro sipas statusit">
                {filters.map((f) => (
                  <button key={f.value} type="button" aria-pressed={filter === f.value} onClick={() => setFilter(f.value)}>
                    {f.label} ({count(f.value)})
                  </button>
                ))}
              </div>
            </div>
            <AdminTable
              caption="Lista e Porosive"
              columns={['Porosia', 'Klienti', 'Produktet', { label: 'Totali', className: 'num' }, 'Statusi']}
              isEmpty={shown.length === 0}
              emptyText={adminMsg.noOrders}
            >
              {shown.map((o) => {
                const busy = setStatus.isPending && setStatus.variables?.id === o.id;
                return (
                  <tr key={o.id} data-order-id={o.id}>
                    <td data-label="Porosia" className="col-order">
                      <div>
                        <span className="admin-product-name">#{o.id}</span>
                        <span className="admin-sub">{formatDateTime(o.date)}</span>
                      </div>
                    </td>
                    <td data-label="Klienti">
                      <div>
                        <span className="admin-break">{o.user}</span>
                        {o.userName && o.userName !== o.user && <span className="admin-sub">{o.userName}</span>}
                      </div>
                    </td>
                    <td data-label="Produktet" className="col-lines">
                      <ul className="admin-lines">
                        {o.products.map((p) => (
                          <li key={p.id}>
                            {p.name} × {p.quantity}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td data-label="Totali" className="num">
                      {formatPrice(o.totalAmount)}
                    </td>
                    <td data-label="Statusi" className="col-status">
                      <div className="admin-status-cell">
                        <span className={`badge-pill badge-${o.status}`}>{orderStatusLabels[o.status]}</span>
                        {orderTransitions[o.status].length > 0 && (
                          <RowActions>
                            <button
                              type="button"
                              className="btn btn-sm btn-success"
                              disabled={busy}
                              onClick={() => change(o, 'delivered')}
                              aria-label={`${adminMsg.markDelivered}: porosia #${o.id}`}
                            >
                              {adminMsg.markDelivered}
                            </button>
                            <button
                              type="button"
                              className="btn btn-sm admin-danger-outline"
                              disabled={busy}
                              onClick={() => change(o, 'cancelled')}
                              aria-label={`${adminMsg.cancel}: porosia #${o.id}`}
                            >
                              {adminMsg.cancel}
                            </button>
                          </RowActions>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </AdminTable>
          </>
        )}
      </QueryState>
    </>
  );
}
