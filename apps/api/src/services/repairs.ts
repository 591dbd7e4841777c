import crypto from 'node:crypto';
import type { z } from 'zod';
import { toCents, toEuros } from '@shop/shared/domain/money';
import {
  canMoveRepair,
  customerAnswer,
  isCustomerMailedStatus,
  isFinalRepairStatus,
  isOpenRepair,
  isSheetDevice,
  isWarrantyRepair,
  nextRepairStatuses,
  repairProofMatches,
  repairStatusLabels,
  repairTrackingUrl,
  ticketCodeFrom,
  TICKET_CODE_LENGTH,
  type RepairStatus,
} from '@shop/shared/domain/repairs';
import { todayInShop } from '@shop/shared/domain/time';
import { repairMessages as m } from '@shop/shared/messages-repairs';
import type {
  RepairDetail,
  RepairListItem,
  RepairPage,
  RepairStats,
  RepairTracking,
  repairAnswerBodySchema,
  repairCreateBodySchema,
  repairMoveBodySchema,
  repairSearchQuerySchema,
  repairTrackBodySchema,
  repairUpdateBodySchema,
} from '@shop/shared/schemas/repairs';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import type { PinCipher } from '../lib/repair-pin';
import { publicBase } from '../mail/accounts';
import { repairStatusMail } from '../mail/repairs';
import {
  findRepair,
  findRepairByCode,
  insertRepair,
  insertRepairHistory,
  loadRepairFigures,
  loadRepairHistory,
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

/**
 * The repair counter (issue 16, product.md §12): tickets opened at intake, edited while open,
 * moved along domain/repairs' statuses with a history, the PIN sealed and dropped at closing
 * (decision 018), mails through the outbox, and the customers' tracking page with its answer to
 * the estimate.
 */

/** What the repair services need of the app: the public address (links) and the PIN's seal. */
export interface RepairDeps {
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>;
  pins: PinCipher;
}

export type RepairCreateValues = z.output<typeof repairCreateBodySchema>;
export type RepairUpdateValues = z.output<typeof repairUpdateBodySchema>;
export type RepairMoveValues = z.output<typeof repairMoveBodySchema>;
export type RepairSearchValues = z.output<typeof repairSearchQuerySchema>;
export type RepairTrackValues = z.output<typeof repairTrackBodySchema>;
export type RepairAnswerValues = z.output<typeof repairAnswerBodySchema>;

/** Who moves a ticket: a staff member, or the customer answering the estimate on the tracking page. */
type Mover = { type: 'staff'; id: number; email: string } | { type: 'customer' };

const device = (row: RepairRow) => `${row.brand} ${row.model}`;
const estimateOf = (row: RepairRow) => (row.estimateCents === null ? null : toEuros(row.estimateCents));
const trackingUrlOf = (deps: RepairDeps, row: RepairRow) => repairTrackingUrl(publicBase(deps.config), row.code, row.imei);

function toListItem(row: RepairRow): RepairListItem {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    brand: row.brand,
    model: row.model,
    imei: row.imei,
    estimate: estimateOf(row),
    warranty: row.warranty,
    technician: row.technician,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A ticket as its detail page and receipt show it: never the PIN, only whether there is one. */
async function toDetail(db: DbOrTx, deps: RepairDeps, row: RepairRow): Promise<RepairDetail> {
  const history = await loadRepairHistory(db, row.id);
  return {
    ...toListItem(row),
    customerEmail: row.customerEmail,
    userId: row.userId,
    colour: row.colour,
    fault: row.fault,
    conditions: row.conditions,
    conditionNotes: row.conditionNotes,
    accessories: row.accessories,
    hasPin: row.pinCipher !== null,
    deposit: toEuros(row.depositCents),
    warrantySheetId: row.warrantySheetId,
    history: history.map((h) => ({
      status: h.toStatus,
      from: h.fromStatus,
      at: h.createdAt.toISOString(),
      by: h.actorType,
      actor: h.actorType === 'staff' ? h.actorEmail : null,
      note: h.note,
      customerNote: h.customerNote,
    })),
    nextStatuses: [...nextRepairStatuses(row.status)],
    trackingUrl: trackingUrlOf(deps, row),
  };
}

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
    let estimateCents = row.estimateCents;
    if (body.estimate !== undefined && !row.warranty) {
      estimateCents = body.estimate === null ? null : toCents(body.estimate);
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
async function applyMove(
  tx: DbOrTx,
  deps: RepairDeps,
  row: RepairRow,
  to: RepairStatus,
  by: Mover,
  notes: { note: string; customerNote: string },
): Promise<RepairRow> {
  const closing = isFinalRepairStatus(to);
  const updated = await updateRepair(tx, row.id, { status: to, ...(closing ? { pinCipher: null, closedAt: new Date() } : {}) });
  await insertRepairHistory(tx, {
    ticketId: row.id,
    from: row.status,
    to,
    actorType: by.type,
    actorId: by.type === 'staff' ? by.id : null,
    actorEmail: by.type === 'staff' ? by.email : null,
    note: notes.note,
    customerNote: notes.customerNote,
  });
  await mailCustomer(tx, deps, updated, to, notes.customerNote);
  return updated;
}

/**
 * Staff move a ticket along domain/repairs' moves (a move not offered from its status is a
 * Conflict naming both); sending it for approval needs an estimate unless it is a warranty repair.
 */
export async function moveRepair(db: Db, deps: RepairDeps, actor: AuditActor, id: number, body: RepairMoveValues): Promise<RepairDetail> {
  return db.transaction(async (tx) => {
    const row = await lockRepair(tx, id);
    if (!row) throw new NotFound(m.notFound);
    if (!canMoveRepair(row.status, body.status)) {
      throw new Conflict(m.badMove(repairStatusLabels[row.status], repairStatusLabels[body.status]));
    }
    if (body.status === 'awaiting-approval' && row.estimateCents === null && !row.warranty) throw new Conflict(m.needsEstimate);
    const updated = await applyMove(tx, deps, row, body.status, { type: 'staff', id: actor.id, email: actor.email }, body);
    await recordAudit(tx, actor, {
      kind: 'repair.status',
      targetType: 'repair',
      targetId: id,
      before: { code: row.code, status: row.status },
      after: { code: row.code, status: body.status },
    });
    return toDetail(tx, deps, updated);
  });
}

/** The PIN for the technician; every read (even of a ticket without one) is in the audit log. */
export async function readRepairPin(db: Db, deps: RepairDeps, actor: AuditActor, id: number): Promise<{ pin: string | null }> {
  return db.transaction(async (tx) => {
    const row = await findRepair(tx, id);
    if (!row) throw new NotFound(m.notFound);
    const pin = row.pinCipher === null ? null : deps.pins.open(row.pinCipher);
    await recordAudit(tx, actor, {
      kind: 'repair.pin-read',
      targetType: 'repair',
      targetId: id,
      before: null,
      after: { code: row.code, pin: pin === null ? null : '•••' },
    });
    return { pin };
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

/** What a code that names no ticket is compared against, so a wrong code costs the same work as a wrong proof. */
const NO_TICKET = { imei: '00000000000000', customerPhone: '00000000' };

/**
 * The ticket a customer names by its code and proof (the IMEI's last 4 digits or the phone). A
 * code without a ticket and a wrong proof get the same NotFound, after the same lookup and
 * comparison, so the page never tells whether a code exists.
 */
async function ticketByProof(db: DbOrTx, code: string, proof: string): Promise<RepairRow> {
  const row = await findRepairByCode(db, code);
  const matches = repairProofMatches(row ?? NO_TICKET, proof);
  if (!row || !matches) throw new NotFound(m.trackNotFound);
  return row;
}

async function toTracking(db: DbOrTx, row: RepairRow): Promise<RepairTracking> {
  const history = await loadRepairHistory(db, row.id);
  return {
    code: row.code,
    status: row.status,
    device: device(row),
    estimate: estimateOf(row),
    warranty: row.warranty,
    canAnswer: customerAnswer(row.status, true) !== null,
    history: history.map((h) => ({ status: h.toStatus, at: h.createdAt.toISOString(), customerNote: h.customerNote })),
  };
}

/** The tracking page: the status, the history without the staff's notes, the estimate; nothing else. */
export async function trackRepair(db: DbOrTx, body: RepairTrackValues): Promise<RepairTracking> {
  return toTracking(db, await ticketByProof(db, body.code, body.proof));
}

/**
 * The customer's answer to the estimate on the tracking page: approved, the repair goes ahead
 * ('Në riparim'); refused, the device goes back unrepaired (and the customer gets that status's
 * mail). A ticket that no longer waits for an answer is a Conflict.
 */
export async function answerRepair(db: Db, deps: RepairDeps, body: RepairAnswerValues): Promise<RepairTracking> {
  return db.transaction(async (tx) => {
    const found = await ticketByProof(tx, body.code, body.proof);
    const row = (await lockRepair(tx, found.id))!;
    const to = customerAnswer(row.status, body.approve);
    if (to === null) throw new Conflict(m.notAwaitingApproval);
    const note = body.approve ? 'Klienti e aprovoi çmimin në faqen e statusit.' : 'Klienti e refuzoi çmimin në faqen e statusit.';
    const updated = await applyMove(tx, deps, row, to, { type: 'customer' }, { note, customerNote: '' });
    return toTracking(tx, updated);
  });
}

/** How far back the average days in repair looks. */
const AVERAGE_WINDOW_DAYS = 90;

/** The dashboard's repair figures: open tickets per status, ready for pickup, average days from intake to handing over. */
export async function repairStats(db: DbOrTx, now: Date = new Date()): Promise<RepairStats> {
  const since = new Date(now.getTime() - AVERAGE_WINDOW_DAYS * 86_400_000);
  const { perStatus, averageDays } = await loadRepairFigures(db, since);
  const openByStatus: Partial<Record<RepairStatus, number>> = {};
  let open = 0;
  for (const { status, n } of perStatus) {
    if (!isOpenRepair(status)) continue;
    openByStatus[status] = n;
    open += n;
  }
  return {
    openByStatus,
    open,
    readyForPickup: openByStatus.ready ?? 0,
    averageDaysInRepair: averageDays === null ? null : Math.round(averageDays * 10) / 10,
  };
}
