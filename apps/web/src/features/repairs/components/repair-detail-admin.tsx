import { useEffect, useState } from 'react';
import { Link } from '../../../lib/router';
import {
  isFinalRepairStatus,
  repairAccessoryLabels,
  repairConditionLabels,
  repairStatusLabels,
  type RepairStatus,
} from '@shop/shared/domain/repairs';
import { repairDeviceName } from '@shop/shared/domain/repair-devices';
import { REPAIRS_ADMIN_PATH } from '@shop/shared/domain/routes';
import { formatPrice } from '@shop/shared/domain/money';
import { formatDateTime } from '@shop/shared/domain/time';
import { repairMessages as m, repairScreenMessages as t } from '@shop/shared/messages-repairs';
import type { RepairDetail, RepairUpdateBody } from '@shop/shared/schemas/repairs';
import { ApiError } from '../../../lib/api-client';
import { QueryState } from '../../../components/ui/query-state';
import { useRepair, useUpdateRepair } from '../api/admin-repairs';
import { adminQueryStates } from '../../../components/admin/error-text';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { ActionMessage } from '../../../components/admin/action-message';
import { RepairBadge } from './repairs-admin';
import { RepairForm } from './repair-form';
import { repairValuesOf } from './repair-form-values';
import { RepairHandoverCard } from './repair-handover-card';
import { RepairMoveDialog } from './repair-move-dialog';
import { RepairPickupReceipt, type PickupLayout } from './repair-pickup-receipt';
import { RepairReceipt } from './repair-receipt';
import { RepairSecrets } from './repair-secrets';
import { EmailAddress } from '../../../components/ui/email-address';
import '../../../components/admin/admin-record.css';
import '../repairs.css';

const BackLink = () => (
  <Link to={REPAIRS_ADMIN_PATH} className="order-back">
    {t.back}
  </Link>
);

/** A move's button: forward in the flow as the main colour, the endings that stop the work in red. */
const moveClass = (s: RepairStatus) => (s === 'cancelled' || s === 'unrepaired' ? 'btn admin-danger-outline' : 'btn btn-primary');

/** Which paper prints: the intake receipt (the default, also for the browser's own print), or the pickup receipt in A4 or 80 mm. */
type PrintDoc = 'intake' | PickupLayout;

/**
 * Prints `doc` once it is on the page. Only one printed document is in the page at a time
 * (print-doc.css prints whatever .print-doc there is); the one chosen last stays, so the browser's
 * own print (Ctrl+P) gives the same paper again.
 */
function usePrintDoc(): [PrintDoc, (doc: PrintDoc) => void] {
  const [doc, setDoc] = useState<PrintDoc>('intake');
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!pending) return;
    setPending(false);
    window.print();
  }, [pending]);
  return [
    doc,
    (next) => {
      setDoc(next);
      setPending(true);
    },
  ];
}

/**
 * One repair ticket for staff (issue 16): every field, editing while it is open, the PIN and the
 * pattern only on 'Shfaq PIN-in' (each read is audit-logged on the server), one button per allowed
 * next status (each opens the move dialog with its notes, the estimate for approval, the hand-over's
 * price and payment), the history (who, when, notes, amounts), 'Printo fletëpranimin' for the A4
 * intake receipt and, once handed over, the pickup receipt in A4 or 80 mm (issue 26).
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

function RepairView({ repair }: { repair: RepairDetail }) {
  const note = useActionMessage();
  const [move, setMove] = useState<RepairStatus | null>(null);
  const [editing, setEditing] = useState(false);
  const update = useUpdateRepair(repair.id);
  const open = !isFinalRepairStatus(repair.status);
  const [printDoc, print] = usePrintDoc();

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
            {s === repair.status ? t.newEstimate : repairStatusLabels[s]}
          </button>
        ))}
        {open && !editing && (
          <button type="button" className="btn btn-outline" onClick={() => setEditing(true)}>
            {t.edit}
          </button>
        )}
        <button type="button" className="btn btn-outline" onClick={() => print('intake')}>
          {t.printReceipt}
        </button>
        {repair.handover && (
          <>
            <button type="button" className="btn btn-outline" onClick={() => print('a4')}>
              {t.printPickupA4}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => print('thermal')}>
              {t.printPickupThermal}
            </button>
          </>
        )}
      </div>
      {!open && <p className="muted">{t.noMoves}</p>}

      {editing ? (
        <RepairForm
          mode="edit"
          initial={repairValuesOf(repair)}
          hasPin={repair.hasPin}
          hasPattern={repair.hasPattern}
          estimateLocked={repair.status === 'awaiting-approval'}
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
              <dd>{repair.customerEmail ? <EmailAddress email={repair.customerEmail} /> : '—'}</dd>
            </dl>
          </section>
          <section className="order-card" aria-labelledby="repair-device">
            <h2 id="repair-device">{t.deviceSection}</h2>
            <dl className="order-facts">
              <dt>Pajisja</dt>
              <dd>{repairDeviceName(repair.brand, repair.model)}</dd>
              <dt>IMEI</dt>
              <dd className="repair-mono">{repair.imei}</dd>
              <dt>Ngjyra</dt>
              <dd>{repair.colour || '—'}</dd>
              <RepairSecrets repair={repair} />
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
          {repair.handover && <RepairHandoverCard handover={repair.handover} />}
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
              {h.amount !== null && <span className="repair-note repair-history-amount">{t.historyAmount(h.status, h.amount)}</span>}
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

      {printDoc === 'intake' || !repair.handover ? (
        <RepairReceipt repair={repair} />
      ) : (
        <RepairPickupReceipt repair={repair} handover={repair.handover} layout={printDoc} />
      )}
      {move && <RepairMoveDialog repair={repair} initial={move} note={note} onClose={() => setMove(null)} />}
    </>
  );
}
