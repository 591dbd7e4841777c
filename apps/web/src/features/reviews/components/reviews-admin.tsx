import { useState } from 'react';
import { Link } from '../../../lib/router';
import { formatDateTime } from '@shop/shared/domain/time';
import { reviewText } from '@shop/shared/messages-reviews';
import { Stars } from '../../../components/ui/stars';
import { QueryState } from '../../../components/ui/query-state';
import { useAdminReviews, useSetReviewHidden, type ReviewVisibility } from '../api/admin-reviews';
import { adminQueryStates } from '../../../components/admin/error-text';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { ActionMessage } from '../../../components/admin/action-message';
import { Pager } from '../../../components/ui/pager';
import { AdminTable, RowActions } from '../../../components/admin/admin-table';
import { EmailAddress } from '../../../components/ui/email-address';

type Filter = 'all' | ReviewVisibility;

const columns = ['Koha', 'Produkti', 'Klienti', 'Yjet', 'Komenti', 'Statusi', 'Veprime'] as const;

/**
 * 'Vlerësimet': every customer review, newest first, 20 a page, filtered by visible or hidden.
 * 'Fshihe' takes a review off the product page (and out of its average); 'Shfaqe' brings it back.
 * Both are recorded in 'Historiku'.
 */
export function ReviewsAdmin() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<Filter>('all');
  const reviews = useAdminReviews(page, filter === 'all' ? undefined : filter);
  const toggle = useSetReviewHidden();
  const note = useActionMessage();
  const data = reviews.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filters: { value: Filter; label: string; count?: number }[] = [
    { value: 'all', label: reviewText.adminAll, count: data?.counts.all },
    { value: 'visible', label: reviewText.adminVisible, count: data?.counts.visible },
    { value: 'hidden', label: reviewText.adminHidden, count: data?.counts.hidden },
  ];

  return (
    <>
      <div className="admin-head">
        <h1 className="page-title">{reviewText.adminTitle}</h1>
      </div>
      <ActionMessage message={note.message} onDismiss={note.clear} />
      <div className="admin-toolbar">
        <div className="admin-filter" role="group" aria-label="Filtro vlerësimet">
          {filters.map((f) => (
            <button
              key={f.value}
              type="button"
              aria-pressed={filter === f.value}
              onClick={() => {
                setFilter(f.value);
                setPage(1);
              }}
            >
              {f.label}
              {f.count !== undefined && ` (${f.count})`}
            </button>
          ))}
        </div>
      </div>
      <QueryState {...adminQueryStates} isPending={reviews.isPending} error={reviews.error} onRetry={() => void reviews.refetch()}>
        {data && (
          <>
            <AdminTable
              caption={reviewText.adminTitle}
              columns={columns}
              isEmpty={data.items.length === 0}
              emptyText={reviewText.adminEmpty}
            >
              {data.items.map((r) => {
                const busy = toggle.isPending && toggle.variables?.id === r.id;
                const action = r.hidden ? reviewText.show : reviewText.hide;
                return (
                  <tr key={r.id} data-review-id={r.id}>
                    <td data-label="Koha">{formatDateTime(r.createdAt)}</td>
                    <td data-label="Produkti">
                      <Link to={`/products/${r.productId}`}>{r.productName}</Link>
                    </td>
                    <td data-label="Klienti">
                      <div>
                        {r.customerName}
                        <span className="admin-sub">
                          <EmailAddress email={r.customerEmail} />
                        </span>
                      </div>
                    </td>
                    <td data-label="Yjet">
                      <Stars rating={r.rating} />
                    </td>
                    <td data-label="Komenti">{r.text || '—'}</td>
                    <td data-label="Statusi">
                      <span className={`badge-pill ${r.hidden ? 'badge-cancelled' : 'badge-delivered'}`}>
                        {r.hidden ? reviewText.hiddenBadge : reviewText.visibleBadge}
                      </span>
                    </td>
                    <td data-label="Veprime">
                      <RowActions>
                        <button
                          type="button"
                          className={`btn btn-sm ${r.hidden ? 'btn-primary' : 'btn-ghost'}`}
                          disabled={busy}
                          aria-label={`${action}: vlerësimi i ${r.customerName} për ${r.productName}`}
                          onClick={() => {
                            note.clear();
                            toggle.mutate(
                              { id: r.id, hidden: !r.hidden },
                              { onSuccess: (res) => note.success(res.msg), onError: (err) => note.failure(err) },
                            );
                          }}
                        >
                          {action}
                        </button>
                      </RowActions>
                    </td>
                  </tr>
                );
              })}
            </AdminTable>
            <Pager label="Faqet e vlerësimeve" page={page} pages={pages} onPage={setPage} extra={` · ${data.total} gjithsej`} />
          </>
        )}
      </QueryState>
    </>
  );
}
