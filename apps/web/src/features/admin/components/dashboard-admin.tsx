import { Link } from 'react-router';
import { formatPrice } from '@shop/shared/domain/money';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminStats } from '@shop/shared/schemas/admin';
import { useSession } from '../../../lib/session';
import { useAdminStats } from '../api/stats';
import { QueryState } from '../../../components/ui/query-state';
import { adminQueryStates } from '../error-text';

const quick = [
  { to: '/admin/products', title: 'Produktet', text: 'Shto, ndrysho ose fshi produkte' },
  { to: '/admin/orders', title: 'Porositë', text: 'Konfirmo, nis, dorëzo ose anulo porositë; printo fletën' },
  { to: '/admin/users', title: 'Perdoruesit', text: 'Rolet dhe bllokimet e llogarive' },
  { to: '/admin/stats', title: 'Statistikat', text: 'Shitjet dhe grafiku i 30 ditëve' },
  { to: '/admin/warranty', title: 'Garancionet', text: 'Fletët e garancionit' },
];

/** Products with few units left (at most LOW_STOCK_AT), fewest first, each a link to its edit form. */
function LowStock({ items }: { items: AdminStats['lowStock'] }) {
  return (
    <section className="admin-low-stock" aria-labelledby="low-stock-title">
      <h2 id="low-stock-title">{adminMsg.lowStockTitle}</h2>
      {items.length === 0 ? (
        <p className="muted">{adminMsg.lowStockNone}</p>
      ) : (
        <ul>
          {items.map((p) => (
            <li key={p.id}>
              <Link to={`/admin/products?edit=${encodeURIComponent(p.id)}`}>{p.name}</Link>
              <span className={p.stock <= 1 ? 'stock-low' : undefined}>{p.stock === 0 ? "S'ka në stok" : `${p.stock} copë`}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** product.md §2.9 dashboard: greets the admin by name and shows today's sales (orders not cancelled) and the low stock. */
export function DashboardAdmin() {
  const { user } = useSession();
  const stats = useAdminStats();
  const name = user?.name || user?.email || 'Admin';
  return (
    <>
      <h1 className="page-title">Mirë se erdhe, {name}!</h1>
      <p className="admin-welcome">Ja si po shkon dyqani sot.</p>
      <QueryState {...adminQueryStates} isPending={stats.isPending} error={stats.error} onRetry={() => void stats.refetch()}>
        {stats.data && (
          <dl className="stat-grid">
            <div className="stat-card stat-card-accent">
              <dt>Shitjet e sotme</dt>
              <dd data-testid="sales-today">{formatPrice(stats.data.sales_today)}</dd>
            </div>
            <div className="stat-card">
              <dt>Porosi sot</dt>
              <dd>{stats.data.ordersToday}</dd>
            </div>
            <div className="stat-card">
              <dt>Porosi në pritje</dt>
              <dd>
                <Link to="/admin/orders">{stats.data.pendingOrders}</Link>
              </dd>
            </div>
          </dl>
        )}
        {stats.data && <LowStock items={stats.data.lowStock} />}
      </QueryState>
      <h2 className="visually-hidden">Lidhje të shpejta</h2>
      <ul className="admin-quick">
        {quick.map((q) => (
          <li key={q.to}>
            <Link to={q.to}>
              <strong>{q.title}</strong>
              <span>{q.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
