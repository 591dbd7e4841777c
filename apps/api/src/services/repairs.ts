import crypto from 'node:crypto';
import type { z } from 'zod';
import { toCents, toEuros } from '@shop/shared/domain/money';
import {
  canMoveRepair,
  isCustomerMailedStatus,
  isFinalRepairStatus,
  isSheetDevice,
  isWarrantyRepair,
  repairStatusLabels,
  ticketCodeFrom,
  TICKET_CODE_LENGTH,
  type RepairStatus,
} from '@shop/shared/domain/repairs';
import { normalisePatternLock } from '@shop/shared/domain/repair-devices';
import { todayInShop } from '@shop/shared/domain/time';
import { repairMessages as m } from '@shop/shared/messages-repairs';
import type {
  RepairDetail,
  RepairPage,
  repairAnswerBodySchema,
  repairCreateBodySchema,
  repairMoveBodySchema,
  repairSearchQuerySchema,
  repairTrackBodySchema,
  repairUpdateBodySchema,
} from '@shop/shared/schemas/repairs';
import type { Db, DbOrTx } from '../db/client';
import { repairStatusMail } from '../mail/repairs';
import {
  findRepair,
  insertRepair,
  insertRepairHistory,
  lockRepair,
  searchRepairRows,
  updateRepair,
  type RepairInsert,
  type RepairRow,
} from '../repositories/repairs';
import { findUserById } from '../repositories/users';
import { findSheet } from '../repositories/warranty';
import { recordAudit, type AuditActor } from './audit';
import { Conflict, Invalid, NotFound } from './errors';
import { queueMail } from './mail';
import { handoverOf, moveAmounts } from './repair-amounts';
import { device, estimateOf, euros, toDetail, toListItem, trackingUrlOf, type RepairDeps } from './repair-views';

/**
 * The repair counter (issue 16, product.md §12): tickets opened at intake, edited while open,
 * moved along domain/repairs' statuses with a history, the PIN sealed and dropped at closing
 * (decision 018), mails through the outbox. How a ticket is shown is services/repair-views.ts; the
 * amounts a move carries services/repair-amounts.ts (issue 26); the customers' tracking page and
 * their answer services/repair-tracking.ts; the dashboard's figures services/repair-stats.ts.
 */

export type { RepairDeps } from './repair-views';
/** The dashboard's figures (services/admin-stats.ts reads them from here). */
export { repairStats } from './repair-stats';

export type RepairCreateValues = z.output<typeof repairCreateBodySchema>;
export type RepairUpdateValues = z.output<typeof repairUpdateBodySchema>;
export type RepairMoveValues = z.output<typeof repairMoveBodySchema>;
export type RepairSearchValues = z.output<typeof repairSearchQuerySchema>;
export type RepairTrackValues = z.output<typeof repairTrackBodySchema>;
export type RepairAnswerValues = z.output<typeof repairAnswerBodySchema>;

/** Who moves a ticket: a staff member, or the customer answering the estimate on the tracking page. */
type Mover = { type: 'staff'; id: number; email: string } | { type: 'customer' };

/** A pattern as typed, sealed as its dots ('' or not a pattern: none; the schema has refused the latter). */
const sealPattern = (deps: RepairDeps, typed: string) => {
  const dots = normalisePatternLock(typed);
  return dots ? deps.pins.seal(dots) : null;
};
/** The customer's e-mail for a status they are told about, when the ticket has an address. */
async function mailCustomer(tx: DbOrTx, deps: RepairDeps, row: RepairRow, status: RepairStatus, customerNote: string) {
  if (!isCustomerMailedStatus(status) || row.customerEmail === '') return;
  const ticket = {
    code: row.code,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    device: device(row),
    estimate: estimateOf(row),
    deposit: toEuros(row.depositCents),
    warranty: row.warranty,
    handover: handoverOf(row),
  };
  await queueMail(tx, repairStatusMail(ticket, status, customerNote, trackingUrlOf(deps, row)));
}

/** The deposit may not be above a known estimate. */
function checkDeposit(estimateCents: number | null, depositCents: number) {
  if (estimateCents !== null && depositCents > estimateCents) throw new Invalid(m.depositAboveEstimate);
}

/** A code no ticket has yet is found by drawing again; five clashes in a row (of 2^50 codes) is a broken random source. */
const CODE_ATTEMPTS = 5;

/**
 * Opens a ticket at the counter. A registered customer must exist; a warranty claim needs a
 * printed sheet of the same device, and is a warranty repair (estimate 0, whatever was sent)
 * while the sheet's period runs today in the shop's zone, an ordinary paid repair after it. The
 * code comes from a secure random source; the intake is the first history entry, and the
 * customer with an e-mail gets the 'received' mail with the tracking link.
 */
export async function createRepair(db: Db, deps: RepairDeps, actor: AuditActor, body: RepairCreateValues): Promise<RepairDetail> {
  return db.transaction(async (tx) => {
    if (body.userId !== null && !(await findUserById(tx, body.userId))) throw new Invalid(m.customer);
    let warranty = false;
    if (body.warrantySheetId !== null) {
      const sheet = await findSheet(tx, body.warrantySheetId);
      if (!sheet || sheet.status !== 'printed') throw new Invalid(m.sheet);
      if (!isSheetDevice(sheet.imei, body.imei)) throw new Invalid(m.sheetDevice);
      warranty = isWarrantyRepair(sheet, todayInShop());
    }
    const estimateCents = warranty ? 0 : body.estimate === null ? null : toCents(body.estimate);
    const depositCents = toCents(body.deposit);
    checkDeposit(estimateCents, depositCents);
    const values: Omit<RepairInsert, 'code'> = {
      status: 'received',
      userId: body.userId,
      customerName: body.customerName,
      customerPhone: body.customerPhone,
      customerEmail: body.customerEmail.toLowerCase(),
      brand: body.brand,
      model: body.model,
      imei: body.imei,
      colour: body.colour,
      fault: body.fault,
      conditions: body.conditions,
      conditionNotes: body.conditionNotes,
      accessories: body.accessories,
      pinCipher: body.pin === '' ? null : deps.pins.seal(body.pin),
      patternCipher: sealPattern(deps, body.pattern),
      estimateCents,
      depositCents,
      technician: body.technician,
      warranty,
      warrantySheetId: body.warrantySheetId,
    };
    let row: RepairRow | undefined;
    for (let attempt = 0; attempt < CODE_ATTEMPTS && !row; attempt++) {
      row = await insertRepair(tx, { ...values, code: ticketCodeFrom(crypto.randomBytes(TICKET_CODE_LENGTH)) });
    }
    if (!row) throw new Error('no free repair ticket code');
    await insertRepairHistory(tx, {
      ticketId: row.id,
      from: null,
      to: 'received',
      actorType: 'staff',
      actorId: actor.id,
      actorEmail: actor.email,
      note: '',
      customerNote: '',
    });
    await recordAudit(tx, actor, {
      kind: 'repair.create',
      targetType: 'repair',
      targetId: row.id,
      before: null,
      after: {
        code: row.code,
        customerName: row.customerName,
        device: device(row),
        estimate: estimateOf(row),
        deposit: toEuros(row.depositCents),
        warranty: row.warranty,
        status: row.status,
      },
    });
    await mailCustomer(tx, deps, row, 'received', '');
    return toDetail(tx, deps, row);
  });
}

/**
 * Changes the fields sent of an open ticket (a closed one is a Conflict). A warranty repair's
 * estimate stays 0; 'pin': '' removes the PIN, another value seals the new one. The audit entry
 * names the fields that changed (the PIN only as changed or removed, never its value).
 */
export async function editRepair(db: Db, deps: RepairDeps, actor: AuditActor, id: number, body: RepairUpdateValues): Promise<RepairDetail> {
  return db.transaction(async (tx) => {
    const row = await lockRepair(tx, id);
    if (!row) throw new NotFound(m.notFound);
    if (isFinalRepairStatus(row.status)) throw new Conflict(m.closed);
    const set: Partial<RepairInsert> = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const change = <K extends keyof RepairInsert>(key: K, value: RepairInsert[K], shown: string, old: unknown, now: unknown) => {
      set[key] = value;
      if (JSON.stringify(old) !== JSON.stringify(now)) {
        before[shown] = old;
        after[shown] = now;
      }
    };
    if (body.customerName !== undefined) change('customerName', body.customerName, 'customerName', row.customerName, body.customerName);
    if (body.customerPhone !== undefined)
      change('customerPhone', body.customerPhone, 'customerPhone', row.customerPhone, body.customerPhone);
    if (body.customerEmail !== undefined) {
      const email = body.customerEmail.toLowerCase();
      change('customerEmail', email, 'customerEmail', row.customerEmail, email);
    }
    if (body.colour !== undefined) change('colour', body.colour, 'colour', row.colour, body.colour);
    if (body.fault !== undefined) change('fault', body.fault, 'fault', row.fault, body.fault);
    if (body.conditions !== undefined) change('conditions', body.conditions, 'conditions', row.conditions, body.conditions);
    if (body.conditionNotes !== undefined)
      change('conditionNotes', body.conditionNotes, 'conditionNotes', row.conditionNotes, body.conditionNotes);
    if (body.accessories !== undefined) change('accessories', body.accessories, 'accessories', row.accessories, body.accessories);
    if (body.technician !== undefined) change('technician', body.technician, 'technician', row.technician, body.technician);
    if (body.pin !== undefined) {
      set.pinCipher = body.pin === '' ? null : deps.pins.seal(body.pin);
      if (body.pin !== '' || row.pinCipher !== null) {
        before.pin = row.pinCipher === null ? null : '•••';
        after.pin = body.pin === '' ? null : '•••';
      }
    }
    if (body.pattern !== undefined) {
      set.patternCipher = sealPattern(deps, body.pattern);
      if (body.pattern !== '' || row.patternCipher !== null) {
        before.pattern = row.patternCipher === null ? null : '•••';
        after.pattern = body.pattern === '' ? null : '•••';
      }
    }
    let estimateCents = row.estimateCents;
    if (body.estimate !== undefined && !row.warranty) {
      estimateCents = body.estimate === null ? null : toCents(body.estimate);
      // The customer approves the amount that was sent: a new one goes out as a new move (issue 26).
      if (row.status === 'awaiting-approval' && estimateCents !== row.estimateCents) throw new Conflict(m.estimateAwaitingApproval);
      change('estimateCents', estimateCents, 'estimate', estimateOf(row), body.estimate);
    }
    let depositCents = row.depositCents;
    if (body.deposit !== undefined) {
      depositCents = toCents(body.deposit);
      change('depositCents', depositCents, 'deposit', toEuros(row.depositCents), body.deposit);
    }
    checkDeposit(estimateCents, depositCents);
    if (Object.keys(set).length === 0) return toDetail(tx, deps, row);
    const updated = await updateRepair(tx, id, set);
    if (Object.keys(after).length > 0) {
      await recordAudit(tx, actor, {
        kind: 'repair.update',
        targetType: 'repair',
        targetId: id,
        before: { code: row.code, ...before },
        after: { code: row.code, ...after },
      });
    }
    return toDetail(tx, deps, updated);
  });
}

/**
 * Moves a locked ticket to `to`: the status, the PIN removed and the closing time set when `to`
 * is final, the history entry, and the customer's mail for a status they are told about.
 */
export async function applyMove(
  tx: DbOrTx,
  deps: RepairDeps,
  row: RepairRow,
  to: RepairStatus,
  by: Mover,
  notes: { note: string; customerNote: string },
  amounts: { set: Partial<RepairInsert>; amountCents: number | null } = { set: {}, amountCents: null },
): Promise<RepairRow> {
  const closing = isFinalRepairStatus(to);
  const updated = await updateRepair(tx, row.id, {
    ...amounts.set,
    status: to,
    ...(closing ? { pinCipher: null, patternCipher: null, closedAt: new Date() } : {}),
  });
  await insertRepairHistory(tx, {
    ticketId: row.id,
    from: row.status,
    to,
    actorType: by.type,
    actorId: by.type === 'staff' ? by.id : null,
    actorEmail: by.type === 'staff' ? by.email : null,
    note: notes.note,
    customerNote: notes.customerNote,
    amountCents: amounts.amountCents,
  });
  await mailCustomer(tx, deps, updated, to, notes.customerNote);
  return updated;
}

/**
 * Staff move a ticket along domain/repairs' moves (a move not offered from its status is a
 * Conflict naming both). Sending it for approval sets the estimate the customer will approve (sent
 * with the move, kept in the history); handing it over records the final price, the payment and
 * the repair's warranty (services/repair-amounts).
 */
export async function moveRepair(db: Db, deps: RepairDeps, actor: AuditActor, id: number, body: RepairMoveValues): Promise<RepairDetail> {
  return db.transaction(async (tx) => {
    const row = await lockRepair(tx, id);
    if (!row) throw new NotFound(m.notFound);
    if (!canMoveRepair(row.status, body.status)) {
      throw new Conflict(m.badMove(repairStatusLabels[row.status], repairStatusLabels[body.status]));
    }
    const amounts = moveAmounts(row, body);
    const updated = await applyMove(tx, deps, row, body.status, { type: 'staff', id: actor.id, email: actor.email }, body, amounts);
    await recordAudit(tx, actor, {
      kind: 'repair.status',
      targetType: 'repair',
      targetId: id,
      before: { code: row.code, status: row.status, ...(amounts.amountCents === null ? {} : { estimate: estimateOf(row) }) },
      after: {
        code: row.code,
        status: body.status,
        ...(body.status === 'awaiting-approval' ? { estimate: euros(amounts.amountCents) } : {}),
        ...(body.status === 'delivered'
          ? { finalPrice: euros(amounts.amountCents), payment: body.payment, warrantyMonths: body.warrantyMonths }
          : {}),
      },
    });
    return toDetail(tx, deps, updated);
  });
}

/** The PIN for the technician; every read (even of a ticket without one) is in the audit log. */
export async function readRepairPin(
  db: Db,
  deps: RepairDeps,
  actor: AuditActor,
  id: number,
): Promise<{ pin: string | null; pattern: string | null }> {
  return db.transaction(async (tx) => {
    const row = await findRepair(tx, id);
    if (!row) throw new NotFound(m.notFound);
    const pin = row.pinCipher === null ? null : deps.pins.open(row.pinCipher);
    const pattern = row.patternCipher === null ? null : deps.pins.open(row.patternCipher);
    await recordAudit(tx, actor, {
      kind: 'repair.pin-read',
      targetType: 'repair',
      targetId: id,
      before: null,
      after: { code: row.code, pin: pin === null ? null : '•••', pattern: pattern === null ? null : '•••' },
    });
    return { pin, pattern };
  });
}

export async function repairDetail(db: DbOrTx, deps: RepairDeps, id: number): Promise<RepairDetail> {
  const row = await findRepair(db, id);
  if (!row) throw new NotFound(m.notFound);
  return toDetail(db, deps, row);
}

/** 'Riparimet': one page of the tickets matching the search, status and sheet, with the counts per status. */
export async function searchRepairs(db: DbOrTx, query: RepairSearchValues): Promise<RepairPage> {
  const found = await searchRepairRows(db, {
    status: query.status,
    open: query.open === undefined ? undefined : query.open === 'true',
    q: query.q,
    warrantySheetId: query.warrantySheetId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { repairs: found.rows.map(toListItem), total: found.total, counts: found.counts, page: query.page, pageSize: query.pageSize };
}
