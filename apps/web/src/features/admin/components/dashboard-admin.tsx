import { Link } from 'react-router';
import { formatPrice } from '@shop/shared/domain/money';
import { useSession } from '../../../lib/session';
import { useAdminStats } from '../api/stats';
import { QueryState } from '../../../components/ui/query-state';
import { adminQueryStates } from '../error-text';

const quick = [
  { to: '/admin/products', title: 'Produktet', text: 'Shto, ndrysho ose fshi produkte' },
  { to: '/admin/orders', title: 'Porositë', text: 'Shëno porositë si të dorëzuara ose anuloji' },
  { to: '/admin/users', title: 'Perdoruesit', text: 'Rolet dhe bllokimet e llogarive' },
  { to: '/admin/stats', title: 'Statistikat', text: 'Shitjet dhe grafiku i 30 ditëve' },
  { to: '/admin/warranty', title: 'Garancionet', text: 'Fletët e garancionit' },
];

/** product.md §2.9 dashboard: greets the admin by name and shows today's sales. */
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
