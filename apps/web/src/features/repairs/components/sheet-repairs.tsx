import { Link } from '../../../lib/router';
import { repairAdminPath } from '@shop/shared/domain/routes';
import { formatDateTime } from '@shop/shared/domain/time';
import { repairScreenMessages as t } from '@shop/shared/messages-repairs';
import { QueryState } from '../../../components/ui/query-state';
import { useSheetRepairs } from '../api/admin-repairs';
import { adminQueryStates } from '../../../components/admin/error-text';
import { RepairBadge } from './repairs-admin';
import '../repairs.css';

/** A warranty sheet's claims (issue 16): the tickets opened on it, each with its code (a link), status and date. */
export function SheetRepairs({ sheetId }: { sheetId: number }) {
  const repairs = useSheetRepairs(sheetId);
  const list = repairs.data?.repairs ?? [];
  return (
    <section className="sheet-repairs" aria-label={`${t.claimsTitle} ${sheetId}`}>
      <h3>{t.claimsTitle}</h3>
      <QueryState {...adminQueryStates} isPending={repairs.isPending} error={repairs.error} onRetry={() => void repairs.refetch()}>
        {list.length === 0 ? (
          <p className="muted">{t.claimsNone}</p>
        ) : (
          <ul>
            {list.map((r) => (
              <li key={r.id}>
                <Link to={repairAdminPath(r.id)} className="repair-code">
                  {r.code}
                </Link>
                <RepairBadge status={r.status} />
                <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
                {r.warranty && <span className="admin-sub">{t.warrantyBadge}</span>}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
