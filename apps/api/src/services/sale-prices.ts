/**
 * Scheduled sale prices ('Ulje me afat', issue 29, decision 050). The owner plans a sale price for
 * some of a product's variants over a span; the job (`runSalePriceJob`, started in app.ts on every
 * instance) starts and ends it by writing the variant's price and old price, the columns an owner's
 * edit writes, so the product answers, the kept pages and product_facets follow through the same
 * triggers (products_changed, migration 0022). Every change is audited in its transaction.
 */
import { formatPrice, toCents, toEuros } from '@shop/shared/domain/money';
import { openSaleStates, percentOffCents, salePriceProblem, spansOverlap, type SaleOutcome } from '@shop/shared/domain/sale-prices';
import { salePriceMsg, type SalePriceBody, type SalePriceSchedule } from '@shop/shared/schemas/sale-prices';
import type { Db, DbOrTx } from '../db/client';
import {
  claimDueSchedules,
  insertSchedules,
  listSchedules,
  lockProductForSale,
  lockProductsForSale,
  lockSchedule,
  markFinished,
  markStarted,
  openSchedulesOf,
  schedulesByIds,
  setVariantPrice,
  variantPrice,
  variantsOfProduct,
  type ListedSchedule,
  type ScheduleRow,
} from '../repositories/sale-prices';
import { recordAudit, type AuditActor, type AuditWho } from './audit';
import { Conflict, Invalid, NotFound } from './errors';

/** Who 'Historiku' names for the job's starts and ends. */
export const SALE_JOB_ACTOR = { id: null, email: 'ulje-me-afat (automatike)' } as const;

/** The list without a product: the latest this many. */
const LIST_LIMIT = 300;
/** Schedules moved per transaction; a run repeats until none is due. */
const BATCH = 20;

const euros = (cents: number | null) => (cents === null ? null : toEuros(cents));

function toSchedule(r: ListedSchedule): SalePriceSchedule {
  return {
    id: r.id,
    productId: r.productId,
    productName: r.productName,
    variantId: r.variantId,
    variantTitle: r.variantTitle,
    sku: r.sku,
    price: toEuros(r.salePriceCents),
    oldPrice: euros(r.saleOldPriceCents),
    regularPrice: euros(r.regularPriceCents),
    regularOldPrice: euros(r.regularOldPriceCents),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    state: r.state,
    outcome: r.outcome,
    createdBy: r.createdByEmail,
    createdAt: r.createdAt.toISOString(),
  };
}

/** GET /api/admin/sale-prices: a product's schedules (any letter case), or the latest of all. */
export async function getSchedules(db: DbOrTx, productId: string | undefined): Promise<SalePriceSchedule[]> {
  return (await listSchedules(db, productId ?? null, LIST_LIMIT)).map(toSchedule);
}

const variantName = (v: { title: string; sku: string }) => v.title || v.sku;

/**
 * Plans the sale for every chosen variant, all or none: the product's lock held (owner's edits
 * and other plans of it take turns), each variant must be the product's, its sale price above 0 and
 * below its regular price (its price now, or during an active sale the price that sale put aside),
 * its old price above the sale price, and its span must not overlap a planned or active one.
 */
export async function createSchedules(db: Db, actor: AuditActor, body: SalePriceBody, now: Date): Promise<SalePriceSchedule[]> {
  if (body.endsAt.getTime() <= now.getTime()) throw new Invalid(salePriceMsg.endPast, { field: 'endsAt' });
  const ids = await db.transaction(async (tx) => {
    const product = await lockProductForSale(tx, body.productId);
    if (!product) throw new NotFound(salePriceMsg.productNotFound);
    const variants = await variantsOfProduct(tx, product.id, body.variantIds);
    if (variants.length !== body.variantIds.length) throw new Invalid(salePriceMsg.variantNotFound, { field: 'variantIds' });
    const open = await openSchedulesOf(tx, body.variantIds);
    const span = { startsAt: body.startsAt, endsAt: body.endsAt };
    const rows = body.variantIds.map((id) => {
      const v = variants.find((x) => x.id === id)!;
      const mine = open.filter((s) => s.variantId === id);
      if (mine.some((s) => spansOverlap(s, span))) throw new Conflict(salePriceMsg.overlap(variantName(v)), { field: 'startsAt' });
      const active = mine.find((s) => s.state === 'active');
      const regularCents = active?.regularPriceCents ?? v.priceCents;
      const saleCents = body.percent !== undefined ? percentOffCents(regularCents, body.percent) : toCents(body.price!);
      const problem = salePriceProblem(saleCents, regularCents);
      if (problem === 'not-positive') throw new Invalid(salePriceMsg.notPositive(variantName(v)), { field: 'percent' });
      if (problem === 'not-lower')
        throw new Invalid(salePriceMsg.notLower(variantName(v), formatPrice(toEuros(regularCents))), { field: 'price' });
      const oldCents = body.oldPrice === undefined ? regularCents : body.oldPrice === null ? null : toCents(body.oldPrice);
      if (oldCents !== null && oldCents <= saleCents) throw new Invalid(salePriceMsg.oldPriceTooLow(variantName(v)), { field: 'oldPrice' });
      return {
        productId: product.id,
        variantId: id,
        salePriceCents: saleCents,
        saleOldPriceCents: oldCents,
        startsAt: body.startsAt,
        endsAt: body.endsAt,
        createdBy: actor.id,
        createdByEmail: actor.email,
      };
    });
    const inserted = await insertSchedules(tx, rows);
    await recordAudit(tx, actor, {
      kind: 'sale-price.create',
      targetType: 'product',
      targetId: product.id,
      before: null,
      after: {
        name: product.name,
        startsAt: body.startsAt.toISOString(),
        endsAt: body.endsAt.toISOString(),
        ...(body.percent !== undefined ? { percent: body.percent } : {}),
        variants: inserted.map((s) => ({
          variant: variantName(variants.find((v) => v.id === s.variantId)!),
          price: toEuros(s.salePriceCents),
          oldPrice: euros(s.saleOldPriceCents),
        })),
      },
    });
    return inserted.map((s) => s.id);
  });
  return (await schedulesByIds(db, ids)).map(toSchedule);
}

/**
 * Ends an active schedule (its end came, or the owner cancelled it): the variant gets its regular
 * price and old price back, unless its price or old price is no longer the sale's (someone changed
 * it by hand during the sale): then the hand-typed price stays and the outcome says so.
 */
async function finishActive(tx: DbOrTx, s: ScheduleRow, who: AuditWho, state: 'ended' | 'cancelled', now: Date): Promise<SaleOutcome> {
  const current = await variantPrice(tx, s.variantId);
  let outcome: SaleOutcome = 'kept';
  if (current && current.priceCents === s.salePriceCents && current.oldPriceCents === s.saleOldPriceCents && s.regularPriceCents !== null) {
    await setVariantPrice(tx, s.variantId, s.regularPriceCents, s.regularOldPriceCents);
    outcome = 'restored';
  }
  await markFinished(tx, s.id, state, outcome, now);
  await recordAudit(tx, who, {
    kind: state === 'cancelled' ? 'sale-price.cancel' : 'sale-price.end',
    targetType: 'product',
    targetId: s.productId,
    before: {
      schedule: s.id,
      variantId: s.variantId,
      state: 'active',
      price: euros(current?.priceCents ?? null),
      oldPrice: euros(current?.oldPriceCents ?? null),
    },
    after: {
      schedule: s.id,
      state,
      outcome,
      price: outcome === 'restored' ? euros(s.regularPriceCents) : euros(current?.priceCents ?? null),
      oldPrice: outcome === 'restored' ? euros(s.regularOldPriceCents) : euros(current?.oldPriceCents ?? null),
    },
  });
  return outcome;
}

/**
 * Starts a planned schedule whose start has come: the variant's price and old price are kept on the
 * schedule and the sale's written. A sale whose end also passed (no server ran during it) is ended
 * without touching the price, and one whose price is no longer below the variant's is skipped.
 */
async function start(tx: DbOrTx, s: ScheduleRow, now: Date): Promise<boolean> {
  // The variant's previous sale not ended yet (another instance is ending it): left for the next run,
  // so the price kept as regular is never that sale's.
  if ((await openSchedulesOf(tx, [s.variantId])).some((o) => o.state === 'active' && o.id !== s.id)) return false;
  const current = await variantPrice(tx, s.variantId);
  if (!current || s.endsAt.getTime() <= now.getTime() || salePriceProblem(s.salePriceCents, current.priceCents) !== null) {
    await markFinished(tx, s.id, 'ended', 'skipped', now);
    await recordAudit(tx, SALE_JOB_ACTOR, {
      kind: 'sale-price.end',
      targetType: 'product',
      targetId: s.productId,
      before: { schedule: s.id, variantId: s.variantId, state: 'planned' },
      after: { schedule: s.id, state: 'ended', outcome: 'skipped', price: euros(current?.priceCents ?? null) },
    });
    return true;
  }
  await markStarted(tx, s.id, current, now);
  await setVariantPrice(tx, s.variantId, s.salePriceCents, s.saleOldPriceCents);
  await recordAudit(tx, SALE_JOB_ACTOR, {
    kind: 'sale-price.start',
    targetType: 'product',
    targetId: s.productId,
    before: {
      schedule: s.id,
      variantId: s.variantId,
      state: 'planned',
      price: toEuros(current.priceCents),
      oldPrice: euros(current.oldPriceCents),
    },
    after: { schedule: s.id, state: 'active', price: toEuros(s.salePriceCents), oldPrice: euros(s.saleOldPriceCents) },
  });
  return true;
}

/**
 * The job: starts every planned schedule whose start has come and ends every active one whose end
 * has, as of `now` (injectable for tests). Due schedules are claimed FOR UPDATE SKIP LOCKED, so
 * several instances on one database make each move once. Answers how many schedules it moved.
 */
export async function runSalePriceJob(db: Db, now: Date = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      const due = await claimDueSchedules(tx, now, BATCH);
      // The products' locks, as an owner's edit takes them: an order reading their prices finishes first.
      await lockProductsForSale(tx, [...new Set(due.map((s) => s.productId))]);
      let done = 0;
      for (const s of due) {
        if (s.state === 'planned') done += (await start(tx, s, now)) ? 1 : 0;
        else {
          await finishActive(tx, s, SALE_JOB_ACTOR, 'ended', now);
          done += 1;
        }
      }
      return { claimed: due.length, done };
    });
    total += moved.done;
    if (moved.claimed < BATCH || moved.done === 0) return total;
  }
}

/**
 * POST /api/admin/sale-prices/{id}/cancel: a planned schedule is cancelled; an active one ends at
 * once (the regular price back, or a hand-typed price kept). An ended or cancelled one is 409.
 */
export async function cancelSchedule(db: Db, actor: AuditActor, id: number, now: Date): Promise<SalePriceSchedule> {
  await db.transaction(async (tx) => {
    const s = await lockSchedule(tx, id);
    if (!s) throw new NotFound(salePriceMsg.scheduleNotFound);
    if (!openSaleStates.includes(s.state)) throw new Conflict(salePriceMsg.notCancellable);
    await lockProductForSale(tx, s.productId);
    if (s.state === 'active') {
      await finishActive(tx, s, actor, 'cancelled', now);
      return;
    }
    await markFinished(tx, s.id, 'cancelled', null, now);
    await recordAudit(tx, actor, {
      kind: 'sale-price.cancel',
      targetType: 'product',
      targetId: s.productId,
      before: { schedule: s.id, variantId: s.variantId, state: 'planned', price: toEuros(s.salePriceCents) },
      after: { schedule: s.id, state: 'cancelled' },
    });
  });
  const [row] = await schedulesByIds(db, [id]);
  return toSchedule(row!);
}
