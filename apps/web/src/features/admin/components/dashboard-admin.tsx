import { Link } from '../../../lib/router';
import { formatPrice } from '@shop/shared/domain/money';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminStats } from '@shop/shared/schemas/admin';
import { useSession } from '../../../lib/session';
import { useAdminStats } from '../api/stats';
import { QueryState } from '../../../components/ui/query-state';
import { adminQueryStates } from '../../../components/admin/error-text';
import { isOpenRepair, repairStatuses, repairStatusLabels } from '@shop/shared/domain/repairs';
import { REPAIRS_ADMIN_PATH } from '@shop/shared/domain/routes';
import { repairScreenMessages as rt } from '@shop/shared/messages-repairs';
import type { RepairStats } from '@shop/shared/schemas/repairs';
import '../../../components/admin/repair-badges.css';
import '../dashboard.css';

const quick = [
  { to: '/admin/products', title: 'Produktet', text: 'Shto, ndrysho ose fshi produkte' },
  { to: '/admin/orders', title: 'Porositë', text: 'Konfirmo, nis, dorëzo ose anulo porositë; printo fletën' },
  { to: '/admin/users', title: 'Perdoruesit', text: 'Rolet dhe bllokimet e llogarive' },
  { to: '/admin/stats', title: 'Statistikat', text: 'Shitjet dhe grafiku i 30 ditëve' },
  { to: '/admin/warranty', title: 'Garancionet', text: 'Fletët e garancionit' },
  { to: REPAIRS_ADMIN_PATH, title: 'Riparimet', text: 'Prano pajisje në servis, ndiq statusin, printo fletëpranimin' },
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

/**
 * The repair counter at a glance (issue 16): the open tickets, those ready for pickup, the average
 * days from intake to handing over, and the open tickets per status, each a link to the list.
 */
export function RepairStatsBlock({ stats }: { stats: RepairStats }) {
  const open = repairStatuses.filter(isOpenRepair);
  return (
    <section className="repair-stats" aria-labelledby="repair-stats-title">
      <h2 id="repair-stats-title">
        {rt.statsTitle}
        <Link to={REPAIRS_ADMIN_PATH}>{rt.listTitle} →</Link>
      </h2>
      <dl className="stat-grid">
        <div className="stat-card">
          <dt>{rt.statsOpen}</dt>
          <dd data-testid="repairs-open">{stats.open}</dd>
        </div>
        <div className="stat-card">
          <dt>{rt.statsReady}</dt>
          <dd data-testid="repairs-ready">
            <Link to={`${REPAIRS_ADMIN_PATH}?status=ready`}>{stats.readyForPickup}</Link>
          </dd>
        </div>
        <div className="stat-card">
          <dt>{rt.statsAverage}</dt>
          <dd data-testid="repairs-average">
            {stats.averageDaysInRepair === null ? rt.statsNoAverage : rt.days(stats.averageDaysInRepair)}
          </dd>
        </div>
      </dl>
      <h3 className="visually-hidden">{rt.statsByStatus}</h3>
      <ul className="repair-stats-status" aria-label={rt.statsByStatus}>
        {open.map((s) => (
          <li key={s}>
            <Link to={`${REPAIRS_ADMIN_PATH}?status=${s}`} className={`badge-pill repair-badge-${s}`}>
              {repairStatusLabels[s]}: {stats.openByStatus[s] ?? 0}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** product.md §2.9 dashboard: greets the admin by name and shows today's sales (orders confirmed, shipped or delivered) and the low stock. */
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
        {stats.data && <RepairStatsBlock stats={stats.data.repairs} />}
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
