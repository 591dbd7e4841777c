import { useState, type FormEvent } from 'react';
import { repairDeviceName } from '@shop/shared/domain/repair-devices';
import { Link } from '../../../lib/router';
import { isOpenRepair, repairStatuses, repairStatusLabels, type RepairStatus } from '@shop/shared/domain/repairs';
import { newRepairPath, repairAdminPath } from '@shop/shared/domain/routes';
import { formatPrice } from '@shop/shared/domain/money';
import { formatDateTime } from '@shop/shared/domain/time';
import { repairScreenMessages as t } from '@shop/shared/messages-repairs';
import { useRepairSearch, type RepairFilters } from '../api/admin-repairs';
import { QueryState } from '../../../components/ui/query-state';
import { adminQueryStates } from '../../../components/admin/error-text';
import { AdminTable } from '../../../components/admin/admin-table';
import { Pager } from '../../../components/ui/pager';
import { positiveParam, useListParams } from '../../../lib/use-list-params';
import '../../../components/admin/admin-record.css';
import '../../../components/admin/repair-badges.css';
import '../repairs.css';

const isStatus = (v: string | null): v is RepairStatus => (repairStatuses as readonly string[]).includes(v ?? '');

/** The filter ('Të hapura' unless the address says otherwise), search and page from the address. */
export function readRepairFilters(params: URLSearchParams): RepairFilters {
  const raw = params.get('status');
  const status = raw === 'all' ? 'all' : isStatus(raw) ? raw : 'open';
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  return { page: positiveParam(params.get('page')) ?? 1, status, q: q || undefined };
}

/** A ticket's status as a coloured label. */
export function RepairBadge({ status }: { status: RepairStatus }) {
  return <span className={`badge-pill repair-badge-${status}`}>{repairStatusLabels[status]}</span>;
}

/**
 * 'Riparimet' (issue 16): the repair tickets, the open ones first shown, filtered by status (with
 * counts), searched by code, name, phone or IMEI, 20 a page. The PIN is never part of the list.
 * Filter, search and page live in the address.
 */
export function RepairsAdmin() {
  const { filters, update } = useListParams<RepairFilters, 'status' | 'q'>(readRepairFilters);
  const repairs = useRepairSearch(filters);
  const [query, setQuery] = useState(filters.q ?? '');
  const data = repairs.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const count = (s: RepairStatus) => data?.counts[s] ?? 0;
  const everything = repairStatuses.reduce((sum, s) => sum + count(s), 0);
  const open = repairStatuses.filter(isOpenRepair).reduce((sum, s) => sum + count(s), 0);
  const filtered = filters.status !== 'all' || filters.q !== undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update({ q: query.trim() });
  };

  return (
    <>
      <div className="admin-head repair-list-head">
        <h1 className="page-title">{t.listTitle}</h1>
        {data && (
          <p className="muted" role="status">
            {t.count(data.total)}
          </p>
        )}
        <div className="admin-head-actions">
          <Link to={newRepairPath()} className="btn btn-primary">
            {t.newTicket}
          </Link>
        </div>
      </div>
      <form className="orders-search" role="search" aria-label={t.searchLabel} onSubmit={submit}>
        <label htmlFor="repairs-q" className="visually-hidden">
          {t.searchLabel}
        </label>
        <input
          id="repairs-q"
          type="search"
          value={query}
          maxLength={100}
          placeholder={t.searchPlaceholder}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          {t.searchButton}
        </button>
      </form>
      <div className="admin-toolbar">
        <div className="admin-filter repair-filter" role="group" aria-label={t.filterLabel}>
          <button type="button" aria-pressed={filters.status === 'open'} onClick={() => update({ status: '' })}>
            {t.openTickets} ({open})
          </button>
          {repairStatuses.map((s) => (
            <button key={s} type="button" aria-pressed={filters.status === s} onClick={() => update({ status: s })}>
              {repairStatusLabels[s]} ({count(s)})
            </button>
          ))}
          <button type="button" aria-pressed={filters.status === 'all'} onClick={() => update({ status: 'all' })}>
            {t.allTickets} ({everything})
          </button>
        </div>
      </div>
      <QueryState {...adminQueryStates} isPending={repairs.isPending} error={repairs.error} onRetry={() => void repairs.refetch()}>
        <div aria-busy={repairs.isFetching}>
          <AdminTable
            caption={t.listTitle}
            className="repairs-table"
            columns={['Kodi', 'Pranuar', 'Klienti', 'Pajisja', 'IMEI', { label: 'Çmimi', className: 'num' }, 'Tekniku', 'Statusi']}
            isEmpty={data?.repairs.length === 0}
            emptyText={filtered && everything > 0 ? t.noMatch : t.empty}
          >
            {data?.repairs.map((r) => (
              <tr key={r.id} data-repair-id={r.id}>
                <td data-label="Kodi" className="col-order">
                  <Link to={repairAdminPath(r.id)} className="admin-product-name repair-code">
                    {r.code}
                  </Link>
                </td>
                <td data-label="Pranuar">{formatDateTime(r.createdAt)}</td>
                <td data-label="Klienti">
                  <div>
                    <span className="admin-break">{r.customerName}</span>
                    <span className="admin-sub">{r.customerPhone}</span>
                  </div>
                </td>
                <td data-label="Pajisja">{repairDeviceName(r.brand, r.model)}</td>
                <td data-label="IMEI">
                  <span className="repair-imei">{r.imei}</span>
                </td>
                <td data-label="Çmimi" className="num">
                  {r.warranty ? (
                    <span className="repair-warranty">
                      {formatPrice(0)} <span className="admin-sub">{t.warrantyBadge}</span>
                    </span>
                  ) : r.estimate === null ? (
                    '—'
                  ) : (
                    formatPrice(r.estimate)
                  )}
                </td>
                <td data-label="Tekniku">{r.technician || '—'}</td>
                <td data-label="Statusi">
                  <RepairBadge status={r.status} />
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
        {data && pages > 1 && <Pager label={t.pager} page={filters.page} pages={pages} onPage={(n) => update({ page: String(n) })} />}
      </QueryState>
    </>
  );
}
