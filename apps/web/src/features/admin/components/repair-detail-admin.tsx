import { useState } from 'react';
import { Link } from 'react-router';
import {
  isFinalRepairStatus,
  repairAccessoryLabels,
  repairConditionLabels,
  repairStatusLabels,
  type RepairStatus,
} from '@shop/shared/domain/repairs';
import { REPAIRS_ADMIN_PATH } from '@shop/shared/domain/routes';
import { formatPrice } from '@shop/shared/domain/money';
import { formatDateTime } from '@shop/shared/domain/time';
import { repairMessages as m, repairScreenMessages as t } from '@shop/shared/messages-repairs';
import type { RepairDetail, RepairUpdateBody } from '@shop/shared/schemas/repairs';
import { ApiError } from '../../../lib/api-client';
import { QueryState } from '../../../components/ui/query-state';
import { fetchRepairPin, useRepair, useUpdateRepair } from '../api/repairs';
import { adminQueryStates } from '../error-text';
import { useActionMessage } from '../hooks/use-action-message';
import { ActionMessage } from './action-message';
import { RepairBadge } from './repairs-admin';
import { RepairForm, repairValuesOf } from './repair-form';
import { RepairMoveDialog } from './repair-move-dialog';
import { RepairReceipt } from './repair-receipt';
import '../orders.css';
import '../repairs.css';

const BackLink = () => (
  <Link to={REPAIRS_ADMIN_PATH} className="order-back">
    {t.back}
  </Link>
);

/** A move's button: forward in the flow as the main colour, the endings that stop the work in red. */
const moveClass = (s: RepairStatus) => (s === 'cancelled' || s === 'unrepaired' ? 'btn admin-danger-outline' : 'btn btn-primary');

/**
 * One repair ticket for staff (issue 16): every field, editing while it is open, the PIN only on
 * 'Shfaq PIN-in' (each read is audit-logged on the server), one button per allowed next status
 * (each opens the move dialog with its notes), the history (who, when, notes) and
 * 'Printo fletëpranimin' for the A4 intake receipt.
 */
export function RepairDetailAdmin({ id }: { id: number | null }) {
  const repair = useRepair(id);
  const notFound = id === null || (repair.error instanceof ApiError && repair.error.status === 404);
  if (notFound) {
    return (
      <>
        <BackLink />
        <h1 className="page-title">{t.listTitle}</h1>
        <p className="empty-state">{m.notFound}</p>
      </>
    );
  }
  return (
    <QueryState {...adminQueryStates} isPending={repair.isPending} error={repair.error} onRetry={() => void repair.refetch()}>
      {repair.data && <RepairView repair={repair.data} />}
    </QueryState>
  );
}

function PinReveal({ repair }: { repair: RepairDetail }) {
  const [pin, setPin] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!repair.hasPin && pin === undefined) {
    return <dd>{isFinalRepairStatus(repair.status) ? m.pinGone : m.noPin}</dd>;
  }
  const show = async () => {
    setBusy(true);
    setError(null);
    try {
      setPin((await fetchRepairPin(repair.id)).pin);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : 'PIN-i nuk u lexua.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <dd className="repair-pin">
      {pin === undefined ? (
        <button type="button" className="btn btn-sm btn-outline" onClick={() => void show()} disabled={busy}>
          {t.showPin}
        </button>
      ) : (
        <>
          <span className="repair-mono" aria-label={t.pinIs}>
            {pin ?? m.pinGone}
          </span>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setPin(undefined)}>
            {t.hidePin}
          </button>
        </>
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </dd>
  );
}

function RepairView({ repair }: { repair: RepairDetail }) {
  const note = useActionMessage();
  const [move, setMove] = useState<RepairStatus | null>(null);
  const [editing, setEditing] = useState(false);
  const update = useUpdateRepair(repair.id);
  const open = !isFinalRepairStatus(repair.status);

  const save = async (body: RepairUpdateBody) => {
    await update.mutateAsync(body);
    setEditing(false);
    note.success(m.saved);
  };

  return (
    <>
      <BackLink />
      <div className="admin-head order-head">
        <h1 className="page-title repair-code">{repair.code}</h1>
        <RepairBadge status={repair.status} />
        {repair.warranty && <span className="badge-pill repair-badge-warranty">{t.warrantyRepair}</span>}
        <p className="muted order-date">{t.receivedAt(formatDateTime(repair.createdAt))}</p>
      </div>
      <ActionMessage message={note.message} onDismiss={note.clear} />
      <div className="order-actions" role="group" aria-label="Veprimet e riparimit">
        {repair.nextStatuses.map((s) => (
          <button key={s} type="button" className={moveClass(s)} onClick={() => setMove(s)}>
            {repairStatusLabels[s]}
          </button>
        ))}
        {open && !editing && (
          <button type="button" className="btn btn-outline" onClick={() => setEditing(true)}>
            {t.edit}
          </button>
        )}
        <button type="button" className="btn btn-outline" onClick={() => window.print()}>
          {t.printReceipt}
        </button>
      </div>
      {!open && <p className="muted">{t.noMoves}</p>}

      {editing ? (
        <RepairForm
          mode="edit"
          initial={repairValuesOf(repair)}
          hasPin={repair.hasPin}
          busy={update.isPending}
          onSubmit={(b) => save(b as RepairUpdateBody)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="order-cards repair-cards">
          <section className="order-card" aria-labelledby="repair-customer">
            <h2 id="repair-customer">{t.customerSection}</h2>
            <dl className="order-facts">
              <dt>Emri</dt>
              <dd>{repair.customerName}</dd>
              <dt>Telefoni</dt>
              <dd>
                <a href={`tel:${repair.customerPhone.replace(/[^\d+]/g, '')}`}>{repair.customerPhone}</a>
              </dd>
              <dt>Email</dt>
              <dd className="admin-break">{repair.customerEmail || '—'}</dd>
            </dl>
          </section>
          <section className="order-card" aria-labelledby="repair-device">
            <h2 id="repair-device">{t.deviceSection}</h2>
            <dl className="order-facts">
              <dt>Pajisja</dt>
              <dd>
                {repair.brand} {repair.model}
              </dd>
              <dt>IMEI</dt>
              <dd className="repair-mono">{repair.imei}</dd>
              <dt>Ngjyra</dt>
              <dd>{repair.colour || '—'}</dd>
              <dt>{t.pinIs}</dt>
              <PinReveal repair={repair} />
            </dl>
          </section>
          <section className="order-card" aria-labelledby="repair-money">
            <h2 id="repair-money">{t.moneySection}</h2>
            <dl className="order-facts">
              <dt>{m.trackEstimate}</dt>
              <dd>
                {repair.warranty
                  ? `${formatPrice(0)} · ${t.warrantyRepair}`
                  : repair.estimate === null
                    ? '—'
                    : formatPrice(repair.estimate)}
              </dd>
              <dt>Depozita</dt>
              <dd>{formatPrice(repair.deposit)}</dd>
              <dt>Tekniku</dt>
              <dd>{repair.technician || '—'}</dd>
              {repair.warrantySheetId !== null && (
                <>
                  <dt>Garancioni</dt>
                  <dd>Fleta nr. {repair.warrantySheetId}</dd>
                </>
              )}
            </dl>
          </section>
          <section className="order-card repair-wide" aria-labelledby="repair-fault">
            <h2 id="repair-fault">Defekti dhe gjendja</h2>
            <dl className="order-facts">
              <dt>Defekti</dt>
              <dd className="order-note">{repair.fault}</dd>
              <dt>Gjendja</dt>
              <dd>{repair.conditions.map((c) => repairConditionLabels[c]).join(', ') || '—'}</dd>
              <dt>Shënime</dt>
              <dd className="order-note">{repair.conditionNotes || '—'}</dd>
              <dt>Aksesorët</dt>
              <dd>{repair.accessories.map((a) => repairAccessoryLabels[a]).join(', ') || '—'}</dd>
              <dt>{t.trackingLink}</dt>
              <dd className="admin-break">
                <a href={repair.trackingUrl} target="_blank" rel="noreferrer" data-testid="tracking-url">
                  {repair.trackingUrl}
                </a>
              </dd>
            </dl>
          </section>
        </div>
      )}

      <section className="order-card" aria-labelledby="repair-history">
        <h2 id="repair-history">{t.history}</h2>
        <ol className="order-history repair-history">
          {repair.history.map((h, i) => (
            <li key={i}>
              <time dateTime={h.at}>{formatDateTime(h.at)}</time>
              <span>{h.from ? `${repairStatusLabels[h.from]} → ${repairStatusLabels[h.status]}` : repairStatusLabels[h.status]}</span>
              <span className="admin-sub">{h.by === 'staff' ? (h.actor ?? '—') : t.byCustomer}</span>
              {h.note && (
                <span className="repair-note">
                  <strong>{t.staffNote}:</strong> {h.note}
                </span>
              )}
              {h.customerNote && (
                <span className="repair-note">
                  <strong>{t.customerNote}:</strong> {h.customerNote}
                </span>
              )}
            </li>
          ))}
        </ol>
      </section>

      <RepairReceipt repair={repair} />
      {move && <RepairMoveDialog repair={repair} initial={move} note={note} onClose={() => setMove(null)} />}
    </>
  );
}
