import { Fragment, useState } from 'react';
import { mailStatuses, mailStatusLabels, type MailStatus } from '@shop/shared/domain/mail';
import { formatDateTime } from '@shop/shared/domain/time';
import { mailKindLabel, mailMsg } from '@shop/shared/messages-mail';
import type { OutboxMail } from '@shop/shared/schemas/outbox';
import { QueryState } from '../../../components/ui/query-state';
import { useOutbox, useRetryMail } from '../api/outbox';
import { adminQueryStates } from '../../../components/admin/error-text';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { ActionMessage } from '../../../components/admin/action-message';
import { Pager } from '../../../components/ui/pager';
import { AdminTable, RowActions } from '../../../components/admin/admin-table';
import './outbox-admin.css';
import { EmailAddress } from '../../../components/ui/email-address';

type Filter = 'all' | MailStatus;
const filters: { value: Filter; label: string }[] = [
  { value: 'all', label: mailMsg.filterAll },
  ...mailStatuses.map((s) => ({ value: s, label: mailStatusLabels[s] })),
];

const columns = [
  mailMsg.colWhen,
  mailMsg.colTo,
  mailMsg.colSubject,
  mailMsg.colKind,
  mailMsg.colStatus,
  { label: mailMsg.colAttempts, className: 'num' },
  mailMsg.colError,
  mailMsg.colActions,
] as const;

const badgeClass: Record<MailStatus, string> = {
  pending: 'badge-pending',
  sent: 'badge-delivered',
  failed: 'badge-cancelled',
};

/**
 * 'E-mailet': the outbox, newest first, 20 a page, filtered by status. A mail opens to show its
 * text (so a reset link can be copied by hand when SMTP is not configured, which the page says);
 * a failed one has 'Provo përsëri'.
 */
export function OutboxAdmin() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<Filter>('all');
  const [openId, setOpenId] = useState<number | null>(null);
  const outbox = useOutbox(page, filter === 'all' ? undefined : filter);
  const retry = useRetryMail();
  const note = useActionMessage();

  const data = outbox.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const choose = (f: Filter) => {
    setFilter(f);
    setPage(1);
    setOpenId(null);
  };
  const again = (m: OutboxMail) => {
    note.clear();
    retry.mutate(m.id, {
      onSuccess: () => note.success(`${mailMsg.retried} (${m.to})`),
      onError: (err) => note.failure(err),
    });
  };

  return (
    <>
      <div className="admin-head">
        <h1 className="page-title">{mailMsg.title}</h1>
      </div>
      <p className="muted outbox-intro">{mailMsg.intro}</p>
      {data && !data.smtpConfigured && (
        <div className="alert alert-info outbox-note" role="note">
          {mailMsg.smtpMissing}
        </div>
      )}
      <ActionMessage message={note.message} onDismiss={note.clear} />
      <div className="admin-toolbar">
        <div className="admin-filter" role="group" aria-label={mailMsg.filterLabel}>
          {filters.map((f) => (
            <button key={f.value} type="button" aria-pressed={filter === f.value} onClick={() => choose(f.value)}>
              {f.label}
            </button>
          ))}
        </div>
      </div>
      <QueryState {...adminQueryStates} isPending={outbox.isPending} error={outbox.error} onRetry={() => void outbox.refetch()}>
        {data && (
          <>
            <AdminTable
              caption={mailMsg.title}
              className="outbox-table"
              columns={columns}
              isEmpty={data.items.length === 0}
              emptyText={mailMsg.empty}
            >
              {data.items.map((m) => {
                const open = openId === m.id;
                const busy = retry.isPending && retry.variables === m.id;
                return (
                  <Fragment key={m.id}>
                    <tr data-mail-id={m.id}>
                      <td data-label={mailMsg.colWhen} className="outbox-when">
                        {formatDateTime(m.createdAt)}
                      </td>
                      <td data-label={mailMsg.colTo} className="outbox-to">
                        <EmailAddress email={m.to} />
                      </td>
                      <td data-label={mailMsg.colSubject} className="outbox-subject">
                        {m.subject}
                      </td>
                      <td data-label={mailMsg.colKind}>{mailKindLabel(m.kind)}</td>
                      <td data-label={mailMsg.colStatus}>
                        <div>
                          <span className={`badge-pill ${badgeClass[m.status]}`}>{mailStatusLabels[m.status]}</span>
                          {m.sentAt && (
                            <span className="admin-sub">
                              {mailMsg.sentAt} {formatDateTime(m.sentAt)}
                            </span>
                          )}
                        </div>
                      </td>
                      <td data-label={mailMsg.colAttempts} className="num">
                        {m.attempts}
                      </td>
                      <td data-label={mailMsg.colError} className="outbox-error">
                        {m.lastError ?? '—'}
                      </td>
                      <td data-label={mailMsg.colActions}>
                        <RowActions>
                          <button
                            type="button"
                            className="btn btn-sm btn-ghost"
                            aria-expanded={open}
                            aria-controls={`outbox-mail-${m.id}`}
                            aria-label={`${open ? mailMsg.close : mailMsg.open}: ${m.subject} (${m.to})`}
                            onClick={() => setOpenId(open ? null : m.id)}
                          >
                            {open ? mailMsg.close : mailMsg.open}
                          </button>
                          {m.status === 'failed' && (
                            <button
                              type="button"
                              className="btn btn-sm btn-primary"
                              disabled={busy}
                              aria-label={`${mailMsg.retry}: ${m.subject} (${m.to})`}
                              onClick={() => again(m)}
                            >
                              {mailMsg.retry}
                            </button>
                          )}
                        </RowActions>
                      </td>
                    </tr>
                    {open && (
                      <tr className="outbox-detail-row">
                        <td colSpan={columns.length}>
                          <section id={`outbox-mail-${m.id}`} className="outbox-detail" aria-label={`${mailMsg.textPart}: ${m.subject}`}>
                            <h2 className="outbox-detail-title">{m.subject}</h2>
                            <p className="admin-sub">
                              {mailMsg.colTo}: {m.to}
                            </p>
                            <pre className="outbox-text" tabIndex={0}>
                              {m.text}
                            </pre>
                          </section>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </AdminTable>
            <Pager
              label={mailMsg.pagerLabel}
              page={page}
              pages={pages}
              onPage={(n) => {
                setPage(n);
                setOpenId(null);
              }}
              extra={` · ${mailMsg.total(data.total)}`}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
