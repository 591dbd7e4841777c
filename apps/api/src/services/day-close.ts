/**
 * Closing the day 'Mbyllja e ditës' (issue 28, decision 051): the report of a till's shop day and
 * its close. The figures are computed by `domain/day-close.ts` from the database's rows; a close
 * stores every figure once (no route changes it; a trigger refuses UPDATE and DELETE), and a till
 * whose today is closed takes no more sales or refunds ('Dita është mbyllur për këtë arkë.').
 */
import { COD_TILL, dayCloseDayProblem, dayCloseFigures, type DayCloseFigures } from '@shop/shared/domain/day-close';
import { formatDay, todayInShop } from '@shop/shared/domain/time';
import { toCents, toEuros } from '@shop/shared/domain/money';
import {
  dayCloseMsg,
  type DayClose,
  type DayCloseBody,
  type DayCloseCreated,
  type DayCloseFiguresView,
  type DayCloseList,
  type DayCloseReport,
} from '@shop/shared/schemas/day-close';
import type { Db, DbOrTx } from '../db/client';
import {
  closeById,
  closeOf,
  codCashOfDay,
  insertClose,
  listCloses,
  lockTill,
  tillDayRefunds,
  tillDaySales,
} from '../repositories/day-close';
import { recordAudit, type AuditActor } from './audit';
import { Conflict, Invalid, NotFound } from './errors';

const view = (f: DayCloseFigures): DayCloseFiguresView => ({
  salesCount: f.salesCount,
  returnsCount: f.returnsCount,
  byMethod: f.byMethod.map((m) => ({
    method: m.method,
    sales: toEuros(m.salesCents),
    refunds: toEuros(m.refundsCents),
    net: toEuros(m.netCents),
  })),
  sales: toEuros(f.salesCents),
  refunds: toEuros(f.refundsCents),
  net: toEuros(f.netCents),
  codCash: toEuros(f.codCashCents),
  codOrders: f.codOrders,
  openingFloat: toEuros(f.openingFloatCents),
  expectedCash: toEuros(f.expectedCashCents),
  countedCash: f.countedCashCents === null ? null : toEuros(f.countedCashCents),
  difference: f.differenceCents === null ? null : toEuros(f.differenceCents),
});

type CloseRow = NonNullable<Awaited<ReturnType<typeof closeById>>>;
const toClose = (r: CloseRow): DayClose => ({
  id: r.id,
  till: r.till,
  day: r.day,
  figures: view(r.figures),
  note: r.note,
  closedBy: r.closedByEmail,
  closedAt: r.closedAt.toISOString(),
});

async function figuresOf(db: DbOrTx, till: string, day: string, openingFloatCents: number, countedCashCents: number | null) {
  const [sales, refunds, cod] = [await tillDaySales(db, till, day), await tillDayRefunds(db, till, day), await codCashOfDay(db, day)];
  const courier = till === COD_TILL ? cod : { orders: 0, cents: 0 };
  return dayCloseFigures({ sales, refunds, codCashCents: courier.cents, codOrders: courier.orders, openingFloatCents, countedCashCents });
}

/** A sale or a refund at `till` now: refused once today is closed for it (taken with the till's lock, shared). */
export async function assertTillOpen(tx: DbOrTx, till: string): Promise<void> {
  await lockTill(tx, till, 'shared');
  if (await closeOf(tx, till, todayInShop())) throw new Conflict(dayCloseMsg.tillClosed);
}

/** GET /api/admin/day-close: the report of a till's day (its close when closed, else the figures so far). */
export async function dayCloseReport(db: DbOrTx, till: string, day: string): Promise<DayCloseReport> {
  const today = todayInShop();
  if (dayCloseDayProblem(day, today)) throw new Invalid(dayCloseMsg.future);
  const closed = await closeOf(db, till, day);
  if (closed) return { till, day, today, closed: toClose(closed), figures: view(closed.figures) };
  return { till, day, today, closed: null, figures: view(await figuresOf(db, till, day, 0, null)) };
}

/** POST /api/admin/day-close: the close, once per till and day (a second: 409), audited. */
export async function closeDay(db: Db, actor: AuditActor, body: DayCloseBody): Promise<DayCloseCreated> {
  if (dayCloseDayProblem(body.day, todayInShop())) throw new Invalid(dayCloseMsg.future);
  const row = await db.transaction(async (tx) => {
    await lockTill(tx, body.till, 'exclusive');
    const already = () => new Conflict(dayCloseMsg.alreadyClosed(body.till, formatDay(body.day)));
    if (await closeOf(tx, body.till, body.day)) throw already();
    const figures = await figuresOf(tx, body.till, body.day, toCents(body.openingFloat ?? 0), toCents(body.countedCash));
    const inserted = await insertClose(tx, {
      till: body.till,
      day: body.day,
      openingFloatCents: figures.openingFloatCents,
      expectedCashCents: figures.expectedCashCents,
      countedCashCents: figures.countedCashCents!,
      differenceCents: figures.differenceCents!,
      salesCount: figures.salesCount,
      returnsCount: figures.returnsCount,
      figures,
      note: body.note || null,
      closedBy: actor.id,
      closedByEmail: actor.email,
    });
    if (!inserted) throw already();
    await recordAudit(tx, actor, {
      kind: 'day.close',
      targetType: 'day-close',
      targetId: inserted.id,
      before: null,
      after: {
        till: body.till,
        day: formatDay(body.day),
        sales: toEuros(figures.salesCents),
        refunds: toEuros(figures.refundsCents),
        expectedCash: toEuros(figures.expectedCashCents),
        countedCash: toEuros(figures.countedCashCents!),
        difference: toEuros(figures.differenceCents!),
      },
    });
    return inserted;
  });
  return { msg: dayCloseMsg.closed(row.till, formatDay(row.day)), close: toClose(row) };
}

export async function dayCloses(db: DbOrTx): Promise<DayCloseList> {
  return { closes: (await listCloses(db)).map(toClose) };
}

export async function dayClose(db: DbOrTx, id: number): Promise<DayClose> {
  const row = await closeById(db, id);
  if (!row) throw new NotFound(dayCloseMsg.closeId);
  return toClose(row);
}
