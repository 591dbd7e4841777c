import { formatPrice, toCents, toEuros } from '@shop/shared/domain/money';
import { customerAnswer, repairProofMatches } from '@shop/shared/domain/repairs';
import { repairMessages as m } from '@shop/shared/messages-repairs';
import type { RepairTracking } from '@shop/shared/schemas/repairs';
import type { Db, DbOrTx } from '../db/client';
import { findRepairByCode, loadRepairHistory, lockRepair, type RepairRow } from '../repositories/repairs';
import { Conflict, NotFound } from './errors';
import { applyMove, type RepairAnswerValues, type RepairTrackValues } from './repairs';
import { device, estimateOf, euros, type RepairDeps } from './repair-views';

/**
 * The customers' side of the repair counter (issue 16): the tracking page's lookup by code and
 * proof, and the answer to the estimate, which names the amount approved (issue 26).
 */

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
    history: history.map((h) => ({
      status: h.toStatus,
      at: h.createdAt.toISOString(),
      customerNote: h.customerNote,
      amount: euros(h.amountCents),
    })),
  };
}

/** The tracking page: the status, the history without the staff's notes, the estimate; nothing else. */
export async function trackRepair(db: DbOrTx, body: RepairTrackValues): Promise<RepairTracking> {
  return toTracking(db, await ticketByProof(db, body.code, body.proof));
}

/**
 * The customer's answer to the estimate on the tracking page: approved, the repair goes ahead
 * ('Në riparim'); refused, the device goes back unrepaired (and the customer gets that status's
 * mail). A ticket that no longer waits for an answer is a Conflict; so is an approval of another
 * amount than the estimate now waiting (the page showed an older one, issue 26). The approved
 * amount is kept in the history.
 */
export async function answerRepair(db: Db, deps: RepairDeps, body: RepairAnswerValues): Promise<RepairTracking> {
  return db.transaction(async (tx) => {
    const found = await ticketByProof(tx, body.code, body.proof);
    const row = (await lockRepair(tx, found.id))!;
    const to = customerAnswer(row.status, body.approve);
    if (to === null) throw new Conflict(m.notAwaitingApproval);
    const waiting = row.estimateCents ?? 0;
    if (body.approve && toCents(body.amount!) !== waiting) throw new Conflict(m.staleEstimate(formatPrice(toEuros(waiting))));
    const note = body.approve ? 'Klienti e aprovoi çmimin në faqen e statusit.' : 'Klienti e refuzoi çmimin në faqen e statusit.';
    const updated = await applyMove(
      tx,
      deps,
      row,
      to,
      { type: 'customer' },
      { note, customerNote: '' },
      { set: {}, amountCents: body.approve ? waiting : null },
    );
    return toTracking(tx, updated);
  });
}
