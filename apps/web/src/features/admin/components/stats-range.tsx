import { useState, type FormEvent } from 'react';
import { categoryLabels } from '@shop/shared/domain/catalogue';
import { formatPrice } from '@shop/shared/domain/money';
import { lineName } from '@shop/shared/domain/variants';
import { orderStatuses, orderStatusLabels } from '@shop/shared/domain/orders';
import { formatDay, todayInShop } from '@shop/shared/domain/time';
import { isCalendarDay, maxRangeDays, rangeDays } from '@shop/shared/domain/admin-lists';
import { listsMsg } from '@shop/shared/messages-lists';
import { adminMsg } from '@shop/shared/messages-admin';
import type { StatsRange } from '@shop/shared/schemas/admin-lists';
import { useStatsRange } from '../../../lib/admin-list-queries';
import { QueryState } from '../../../components/ui/query-state';
import { adminQueryStates } from '../../../components/admin/error-text';
import { useListParams } from '../../../lib/use-list-params';
import { SalesChart } from './sales-chart';
import './stats-range.css';

const count = new Intl.NumberFormat('de-DE');

/** from and to from the address: both real days in order and at most a year apart, else neither (the last 30 days). */
function readRange(params: URLSearchParams): { from?: string; to?: string } {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (!isCalendarDay(from) || !isCalendarDay(to) || from > to || rangeDays(from, to) > maxRangeDays) return {};
  return { from, to };
}

function RangeForm({ range, onApply }: { range: StatsRange; onApply: (from: string, to: string) => void }) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const problem = !from || !to ? null : from > to ? listsMsg.rangeOrder : rangeDays(from, to) > maxRangeDays ? listsMsg.rangeTooLong : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!problem && from && to) onApply(from, to);
  };
  return (
    <form className="stats-range-form" onSubmit={submit} aria-describedby="stats-range-problem">
      <label>
        {listsMsg.exportFrom}
        <input type="date" required value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label>
        {listsMsg.exportTo}
        <input type="date" required value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
      </label>
      <button type="submit" className="btn btn-primary" disabled={problem !== null}>
        {listsMsg.rangeApply}
      </button>
      <p id="stats-range-problem" className={problem ? 'alert alert-error' : 'visually-hidden'} role="status">
        {problem ?? ''}
      </p>
    </form>
  );
}

/** A share of the largest figure, as the width of a bar beside it. */
const share = (value: number, max: number) => `${max > 0 ? Math.max(2, Math.round((value / max) * 100)) : 0}%`;

function RangeFigures({ range }: { range: StatsRange }) {
  const today = todayInShop();
  const isLast30 = range.to === today && range.daily.length === 30;
  const maxCategory = Math.max(0, ...range.byCategory.map((c) => c.total));
  const statusTotal = orderStatuses.reduce((n, s) => n + range.byStatus[s], 0);
  return (
    <>
      <dl className="stat-grid">
        <div className="stat-card stat-card-accent">
          <dt>{listsMsg.rangeSales}</dt>
          <dd>{formatPrice(range.total)}</dd>
        </div>
        <div className="stat-card">
          <dt>{listsMsg.rangeOrders}</dt>
          <dd>{count.format(range.orders)}</dd>
        </div>
        <div className="stat-card">
          <dt>{listsMsg.averageOrderValue}</dt>
          <dd>{formatPrice(range.averageOrderValue)}</dd>
        </div>
      </dl>
      <SalesChart
        daily={range.daily}
        title={isLast30 ? undefined : `Shitjet nga ${formatDay(range.from)} deri ${formatDay(range.to)}`}
        period={isLast30 ? undefined : `nga ${formatDay(range.from)} deri ${formatDay(range.to)}`}
        lastIsToday={range.to === today}
      />
      <div className="stats-panels">
        <section className="card stats-panel" aria-labelledby="stats-category-title">
          <h2 id="stats-category-title">{listsMsg.byCategory}</h2>
          {range.byCategory.length === 0 ? (
            <p className="muted">{listsMsg.noSalesInRange}</p>
          ) : (
            <table className="table stats-table">
              <thead>
                <tr>
                  <th scope="col">Kategoria</th>
                  <th scope="col" className="num">
                    Copë
                  </th>
                  <th scope="col" className="num">
                    Shitjet
                  </th>
                </tr>
              </thead>
              <tbody>
                {range.byCategory.map((c) => (
                  <tr key={c.category ?? 'other'}>
                    <th scope="row">
                      {c.category === null ? listsMsg.otherCategory : (categoryLabels[c.category] ?? c.category)}
                      <span className="stats-bar" aria-hidden="true">
                        <span style={{ width: share(c.total, maxCategory) }} />
                      </span>
                    </th>
                    <td className="num">{count.format(c.units)}</td>
                    <td className="num">{formatPrice(c.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className="card stats-panel" aria-labelledby="stats-status-title">
          <h2 id="stats-status-title">{listsMsg.byStatus}</h2>
          <table className="table stats-table">
            <thead>
              <tr>
                <th scope="col">Statusi</th>
                <th scope="col" className="num">
                  Porosi
                </th>
              </tr>
            </thead>
            <tbody>
              {orderStatuses.map((s) => (
                <tr key={s}>
                  <th scope="row">
                    <span className={`badge-pill badge-${s}`}>{orderStatusLabels[s]}</span>
                    <span className="stats-bar" aria-hidden="true">
                      <span style={{ width: share(range.byStatus[s], statusTotal) }} />
                    </span>
                  </th>
                  <td className="num">{count.format(range.byStatus[s])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="card stats-panel stats-panel-wide" aria-labelledby="stats-channel-title">
          <h2 id="stats-channel-title">{listsMsg.byChannel}</h2>
          <div className="table-wrap">
            <table className="table stats-table">
              <thead>
                <tr>
                  <th scope="col">Kanali</th>
                  <th scope="col" className="num">
                    Shitje
                  </th>
                  <th scope="col" className="num">
                    Shuma
                  </th>
                  <th scope="col" className="num">
                    Kthime
                  </th>
                  <th scope="col" className="num">
                    Neto
                  </th>
                </tr>
              </thead>
              <tbody>
                {range.byChannel.map((c) => (
                  <tr key={c.channel}>
                    <th scope="row">{c.channel === 'online' ? listsMsg.channelOnline : listsMsg.channelCounter}</th>
                    <td className="num">{count.format(c.sales)}</td>
                    <td className="num">{formatPrice(c.total)}</td>
                    <td className="num">{formatPrice(c.refunds)}</td>
                    <td className="num">{formatPrice(c.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className="card stats-panel stats-panel-wide" aria-labelledby="stats-top-title">
          <h2 id="stats-top-title">{listsMsg.topProducts}</h2>
          {range.topProducts.length === 0 ? (
            <p className="muted">{listsMsg.noSalesInRange}</p>
          ) : (
            <div className="table-wrap">
              <table className="table stats-table">
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Produkti</th>
                    <th scope="col" className="num">
                      Copë
                    </th>
                    <th scope="col" className="num">
                      Shitjet
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {range.topProducts.map((p, i) => (
                    <tr key={p.id}>
                      <td>{i + 1}</td>
                      <th scope="row" className="stats-product">
                        {p.name}
                        <span className="admin-sub">{p.id}</span>
                      </th>
                      <td className="num">{count.format(p.units)}</td>
                      <td className="num">{formatPrice(p.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="card stats-panel stats-panel-wide" aria-labelledby="stats-top-variants-title">
          <h2 id="stats-top-variants-title">{listsMsg.topVariants}</h2>
          {(range.topVariants ?? []).length === 0 ? (
            <p className="muted">{listsMsg.noSalesInRange}</p>
          ) : (
            <div className="table-wrap">
              <table className="table stats-table">
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Varianti</th>
                    <th scope="col" className="num">
                      Copë
                    </th>
                    <th scope="col" className="num">
                      Shitjet
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {(range.topVariants ?? []).map((v, i) => (
                    <tr key={`${v.productId}-${v.sku ?? i}-${v.variant}`}>
                      <td>{i + 1}</td>
                      <th scope="row" className="stats-product">
                        {lineName(v.name, v.variant)}
                        <span className="admin-sub">{v.variant ? v.sku : listsMsg.withoutVariant}</span>
                      </th>
                      <td className="num">{count.format(v.units)}</td>
                      <td className="num">{formatPrice(v.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </>
  );
}

/**
 * The statistics of a range of days (issue 17): the range lives in the address (?from=&to=),
 * the last 30 days without one; cards for the range's sales, orders and average order, the sales
 * chart, revenue by category, orders by status and the top 10 products.
 */
export function StatsRangeSection() {
  const { filters, update } = useListParams<{ from?: string; to?: string }, 'from' | 'to'>(readRange);
  const range = useStatsRange(filters);
  return (
    <section className="stats-range" aria-labelledby="stats-range-title">
      <div className="stats-range-head">
        <h2 id="stats-range-title">{listsMsg.rangeTitle}</h2>
        {range.data && (
          <RangeForm key={`${range.data.from}-${range.data.to}`} range={range.data} onApply={(from, to) => update({ from, to })} />
        )}
      </div>
      <QueryState
        {...adminQueryStates}
        isPending={range.isPending}
        error={range.error}
        onRetry={() => void range.refetch()}
        loadingText={adminMsg.loadingStats}
      >
        {range.data && (
          <div aria-busy={range.isFetching}>
            <p className="muted">{listsMsg.rangeSummary(formatDay(range.data.from), formatDay(range.data.to))}</p>
            <RangeFigures range={range.data} />
          </div>
        )}
      </QueryState>
    </section>
  );
}
