import { auditChanges, auditKindLabel, auditTargetName, isAuditKind } from '@shop/shared/domain/audit';
import { formatDateTime } from '@shop/shared/domain/time';
import { auditMsg } from '@shop/shared/messages-audit';
import type { AuditEntry } from '@shop/shared/schemas/audit';
import { QueryState } from '../../../components/ui/query-state';
import { useAuditLog, type AuditFilters } from '../api/audit';
import { adminQueryStates } from '../../../components/admin/error-text';
import { AdminTable } from '../../../components/admin/admin-table';
import { Pager } from '../../../components/ui/pager';
import '../audit.css';
import { positiveParam, useListParams } from '../../../lib/use-list-params';
import { EmailAddress } from '../../../components/ui/email-address';

/** The filters from the address; a value the API would refuse is left out. */
function readFilters(params: URLSearchParams): AuditFilters {
  const kind = params.get('kind') ?? '';
  return {
    page: positiveParam(params.get('page')) ?? 1,
    actor: positiveParam(params.get('actor')),
    kind: isAuditKind(kind) ? kind : undefined,
  };
}

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after, entry.targetType);
  if (changes.length === 0) return <span className="muted">{auditMsg.noChange}</span>;
  return (
    <ul className="audit-changes">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="audit-field">{c.label}:</span> {c.from} → {c.to}
        </li>
      ))}
    </ul>
  );
}

/** 'Historiku' (issue 13, finding 8): what admins did, newest first, filtered by admin and kind, 20 a page. */
export function AuditAdmin() {
  const { filters, update } = useListParams<AuditFilters, 'actor' | 'kind'>(readFilters);
  const audit = useAuditLog(filters);
  const data = audit.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = filters.actor !== undefined || filters.kind !== undefined;

  // An admin who no longer appears (or is not yet loaded) still shows in the filter he was picked by.
  const actors = data?.actors ?? [];
  const actorOptions =
    filters.actor !== undefined && !actors.some((a) => a.id === filters.actor)
      ? [...actors, { id: filters.actor, email: `#${filters.actor}` }]
      : actors;

  return (
    <>
      <div className="admin-head">
        <h1 className="page-title">{auditMsg.title}</h1>
        {data && (
          <p className="muted" role="status">
            {auditMsg.count(data.total)}
          </p>
        )}
      </div>
      <p className="muted">{auditMsg.intro}</p>
      <div className="audit-filters" role="group" aria-label="Filtrat e historikut">
        <div className="field">
          <label htmlFor="audit-actor">{auditMsg.actorFilter}</label>
          <select id="audit-actor" value={filters.actor ?? ''} onChange={(e) => update({ actor: e.target.value })}>
            <option value="">{auditMsg.allActors}</option>
            {actorOptions.map((a) => (
              <option key={a.id} value={a.id}>
                {a.email}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-kind">{auditMsg.kindFilter}</label>
          <select id="audit-kind" value={filters.kind ?? ''} onChange={(e) => update({ kind: e.target.value })}>
            <option value="">{auditMsg.allKinds}</option>
            {(data?.kinds ?? []).map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
            {filters.kind && !data?.kinds.some((k) => k.kind === filters.kind) && (
              <option value={filters.kind}>{auditKindLabel(filters.kind)}</option>
            )}
          </select>
        </div>
      </div>
      <QueryState {...adminQueryStates} isPending={audit.isPending} error={audit.error} onRetry={() => void audit.refetch()}>
        <div aria-busy={audit.isFetching}>
          <AdminTable
            caption={auditMsg.caption}
            columns={auditMsg.columns}
            className="audit-table"
            isEmpty={data?.items.length === 0}
            emptyText={filtered ? auditMsg.emptyFiltered : auditMsg.empty}
          >
            {data?.items.map((e) => (
              <tr key={e.id}>
                <td data-label="Koha">
                  <time className="audit-time" dateTime={e.at}>
                    {formatDateTime(e.at)}
                  </time>
                </td>
                <td data-label="Administratori" className="audit-actor">
                  <EmailAddress email={e.actor.email} />
                  {e.actor.id === null && <span className="admin-sub"> {auditMsg.deletedAdmin}</span>}
                </td>
                <td data-label="Veprimi">{e.kindLabel ?? auditKindLabel(e.kind)}</td>
                <td data-label="Objekti">{auditTargetName(e)}</td>
                <td data-label="Ndryshimi">
                  <Changes entry={e} />
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
        {data && pages > 1 && (
          <Pager label={auditMsg.pager} page={filters.page} pages={pages} onPage={(n) => update({ page: String(n) })} />
        )}
      </QueryState>
    </>
  );
}
