import { useQueryClient } from '@tanstack/react-query';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminStats } from '@shop/shared/schemas/admin';
import { formatPrice } from '@shop/shared/domain/money';
import { useAdminStats } from '../api/stats';
import { QueryState } from '../../../components/ui/query-state';
import { adminQueryStates } from '../../../components/admin/error-text';
import { exportKinds } from '@shop/shared/domain/admin-lists';
import { CsvExport } from '../../../components/ui/csv-export';
import { StatsRangeSection } from './stats-range';

const count = new Intl.NumberFormat('de-DE');

/** The five cards of product.md §2.9 (totalProducts, totalOrders, totalSales, totalUsers, sales_today). */
function StatCards({ stats }: { stats: AdminStats }) {
  const cards = [
    { label: 'Shitjet totale', value: formatPrice(stats.totalSales), accent: true },
    { label: 'Shitjet sot', value: formatPrice(stats.sales_today) },
    { label: 'Porositë', value: count.format(stats.totalOrders) },
    { label: 'Produktet', value: count.format(stats.totalProducts) },
    { label: 'Përdoruesit', value: count.format(stats.totalUsers) },
  ];
  return (
    <dl className="stat-grid">
      {cards.map((c) => (
        <div key={c.label} className={c.accent ? 'stat-card stat-card-accent' : 'stat-card'}>
          <dt>{c.label}</dt>
          <dd>{c.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StatsAdmin() {
  const stats = useAdminStats();
  const queryClient = useQueryClient();
  return (
    <>
      <div className="admin-head">
        <h1 className="page-title">Statistikat</h1>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] })}
          disabled={stats.isFetching}
        >
          Rifresko
        </button>
      </div>
      <QueryState
        {...adminQueryStates}
        isPending={stats.isPending}
        error={stats.error}
        onRetry={() => void stats.refetch()}
        loadingText={adminMsg.loadingStats}
      >
        {stats.data && (
          <>
            <StatCards stats={stats.data} />
          </>
        )}
      </QueryState>
      <StatsRangeSection />
      <div className="stats-export">
        <CsvExport kinds={exportKinds} />
      </div>
    </>
  );
}
