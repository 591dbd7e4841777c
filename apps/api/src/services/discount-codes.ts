/**
 * Discount codes (issue 29, decision 049): the code an order names (inside the order's transaction,
 * the code's row locked so its limits hold when checkouts race), the checkout's check, and the
 * staff's screen (create, edit — decision 053 —, pause and resume, each audited; the uses per code).
 */
import {
  discountCodePattern,
  discountDayValid,
  discountFor,
  normaliseDiscountCode,
  type DiscountLine,
  type DiscountRule,
} from '@shop/shared/domain/discounts';
import { productIdKey } from '@shop/shared/domain/catalogue';
import { deliveryFeeCents, type Fulfilment } from '@shop/shared/domain/orders';
import { formatPrice, toCents, toEuros } from '@shop/shared/domain/money';
import { todayInShop } from '@shop/shared/domain/time';
import {
  discountMessages,
  discountRefusalText,
  type AdminDiscountCode,
  type CreateDiscountCodeBody,
  type DiscountCheckBody,
  type DiscountCheckResponse,
  type DiscountUse,
} from '@shop/shared/schemas/discounts';
import { orderSettings, type Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import {
  countDiscountUses,
  existingProducts,
  findDiscountCode,
  insertDiscountCode,
  listDiscountCodes,
  listDiscountUses,
  lockDiscountCode,
  lockDiscountCodeById,
  pricesForCheck,
  productFacts,
  setDiscountCodePaused,
  updateDiscountCode,
  type DiscountCodeRow,
  type UseCustomer,
} from '../repositories/discount-codes';
import { changedAuditFields, recordAudit, type AuditActor } from './audit';
import { Conflict, Invalid, NotFound } from './errors';

export type { UseCustomer };

const ruleOf = (row: DiscountCodeRow): DiscountRule => ({
  kind: row.kind,
  value: row.value,
  minSubtotalCents: row.minSubtotalCents,
  scope: { categories: row.categories, brands: row.brands, productIds: row.productIds },
});

/** A refusal of the code: 409 with the Albanian reason, and `discountCode` naming it for the checkout. */
const refuse = (reason: Parameters<typeof discountRefusalText>[0], row?: DiscountCodeRow) =>
  new Conflict(discountRefusalText(reason, row ? toEuros(row.minSubtotalCents) : 0), { discountCode: reason });

/** A code that can be used today: it exists, is not paused and today is within its days. */
function usable(row: DiscountCodeRow | undefined, now: Date): row is DiscountCodeRow {
  return !!row && !row.paused && discountDayValid(todayInShop(now), row.validFrom, row.validTo);
}

/** The discount of a usable code on priced lines (the code's limits aside); throws the refusal. */
function priced(row: DiscountCodeRow, lines: readonly DiscountLine[], feeCents: number, fulfilment: Fulfilment) {
  const result = discountFor(ruleOf(row), lines, feeCents, fulfilment === 'pickup');
  if (!result.ok) throw refuse(result.reason, row);
  return result;
}

function checkLimits(row: DiscountCodeRow, uses: { all: number; customer: number }) {
  if (row.maxUses !== null && uses.all >= row.maxUses) throw refuse('exhausted');
  if (row.maxUsesPerCustomer !== null && uses.customer >= row.maxUsesPerCustomer) throw refuse('used');
}

export interface AppliedDiscount {
  codeId: number;
  code: string;
  cents: number;
}

/**
 * The code an order names, inside the order's transaction (placeOrder): locks the code's row
 * (FOR UPDATE: a second order using it waits here until the first commits, then counts its use),
 * checks it is usable, prices it on the order's lines and checks both limits. The order row that
 * names the code is its use; a cancelled order no longer counts, so it frees its use.
 */
export async function applyDiscountCode(
  tx: DbOrTx,
  rawCode: string,
  order: { lines: readonly { productId: string; amountCents: number }[]; feeCents: number; fulfilment: Fulfilment; customer: UseCustomer },
  now = new Date(),
): Promise<AppliedDiscount> {
  const code = normaliseDiscountCode(rawCode);
  if (!discountCodePattern.test(code)) throw refuse('unknown');
  const row = await lockDiscountCode(tx, code);
  if (!usable(row, now)) throw refuse('unknown');
  const facts = new Map((await productFacts(tx, [...new Set(order.lines.map((l) => l.productId))])).map((p) => [productIdKey(p.id), p]));
  const lines = order.lines.map((l) => {
    const p = facts.get(productIdKey(l.productId));
    return { productId: l.productId, brand: p?.brand ?? '', category: p?.category ?? '', amountCents: l.amountCents };
  });
  const result = priced(row, lines, order.feeCents, order.fulfilment);
  checkLimits(row, await countDiscountUses(tx, row.id, order.customer));
  return { codeId: row.id, code: row.code, cents: result.discountCents };
}

/**
 * POST /api/discount-codes/check: the discount a code gives these lines at the current prices
 * (nothing is locked or written). A signed-in customer's own uses are counted; a guest's are
 * counted when the order is placed.
 */
export async function checkDiscountCode(
  db: Db,
  config: Config,
  body: DiscountCheckBody,
  userId: number | null,
): Promise<DiscountCheckResponse> {
  const row = await findDiscountCode(db, body.code);
  if (!usable(row, new Date())) throw refuse('unknown');
  const rows = await pricesForCheck(
    db,
    [...new Set(body.items.map((i) => productIdKey(i.id)))],
    body.items.flatMap((i) => (i.variantId === undefined ? [] : [i.variantId])),
  );
  const lines = body.items.map((i) => {
    const r = rows.find(
      (x) => productIdKey(x.id) === productIdKey(i.id) && (i.variantId === undefined ? x.isDefault : x.variantId === i.variantId),
    );
    if (!r) throw new Invalid(discountMessages.unknownProducts + i.id);
    return { productId: r.id, brand: r.brand, category: r.category, amountCents: r.priceCents * i.quantity };
  });
  const subtotalCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const feeCents = deliveryFeeCents(body.fulfilment, subtotalCents, orderSettings(config));
  const result = priced(row, lines, feeCents, body.fulfilment);
  checkLimits(row, await countDiscountUses(db, row.id, userId === null ? null : { userId, email: null, phone: null }));
  return {
    code: row.code,
    name: row.name,
    kind: row.kind,
    discount: toEuros(result.discountCents),
    subtotal: toEuros(subtotalCents),
    deliveryFee: toEuros(feeCents),
    total: toEuros(subtotalCents + feeCents - result.discountCents),
    productIds: [...new Set(lines.filter((_, n) => result.qualifying[n]).map((l) => l.productId))],
  };
}

type ListedCode = Awaited<ReturnType<typeof listDiscountCodes>>[number];

function toAdmin(r: ListedCode, names: ReadonlyMap<string, string>): AdminDiscountCode {
  const row = r.code;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    value: row.kind === 'amount' ? toEuros(row.value) : row.value,
    validFrom: row.validFrom,
    validTo: row.validTo,
    minSubtotal: toEuros(row.minSubtotalCents),
    categories: row.categories,
    brands: row.brands,
    productIds: row.productIds,
    products: row.productIds.map((id) => ({ id, name: names.get(productIdKey(id)) ?? id })),
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    paused: row.paused,
    codeLocked: r.named,
    uses: r.uses,
    discounted: toEuros(r.discountedCents),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The codes as the owner's screen shows them, the products' names read in one statement. */
async function adminCodes(db: DbOrTx, id?: number): Promise<AdminDiscountCode[]> {
  const rows = await listDiscountCodes(db, id);
  const ids = [...new Set(rows.flatMap((r) => r.code.productIds))];
  const names = new Map((await existingProducts(db, ids)).map((p) => [productIdKey(p.id), p.name]));
  return rows.map((r) => toAdmin(r, names));
}

async function adminCode(db: DbOrTx, id: number): Promise<AdminDiscountCode> {
  const [code] = await adminCodes(db, id);
  if (!code) throw new NotFound(discountMessages.notFound);
  return code;
}

/** What an entry of the audit log says about a code (creation: all of it; an edit: what changed). */
const auditValues = (c: AdminDiscountCode) => ({
  code: c.code,
  name: c.name,
  kind: c.kind,
  // As the owner's list shows it: '10%', '5,00 €'; nothing for free delivery.
  value: c.kind === 'percent' ? `${c.value}%` : c.kind === 'amount' ? formatPrice(c.value) : null,
  validFrom: c.validFrom,
  validTo: c.validTo,
  minSubtotal: c.minSubtotal,
  categories: c.categories.join(', '),
  brands: c.brands.join(', '),
  productIds: c.productIds.join(', '),
  maxUses: c.maxUses,
  maxUsesPerCustomer: c.maxUsesPerCustomer,
  paused: c.paused,
});

export async function listCodes(db: DbOrTx): Promise<AdminDiscountCode[]> {
  return adminCodes(db);
}

/**
 * A code's settings as stored, from the create form's body (the create and the edit share it: one
 * schema, one conversion): products named must exist (stored as the products' own ids).
 */
async function settingsOf(tx: DbOrTx, body: CreateDiscountCodeBody) {
  const found = await existingProducts(tx, body.productIds);
  const known = new Set(found.map((p) => productIdKey(p.id)));
  const missing = body.productIds.filter((id) => !known.has(productIdKey(id)));
  if (missing.length > 0) throw new Invalid(discountMessages.unknownProducts + missing.join(', '), { field: 'productIds' });
  return {
    code: body.code,
    name: body.name,
    kind: body.kind,
    value: body.kind === 'percent' ? body.value! : body.kind === 'amount' ? toCents(body.value!) : 0,
    validFrom: body.validFrom ?? null,
    validTo: body.validTo ?? null,
    minSubtotalCents: toCents(body.minSubtotal),
    categories: [...new Set(body.categories)],
    brands: [...new Set(body.brands)],
    productIds: [...new Set(found.map((p) => p.id))],
    maxUses: body.maxUses ?? null,
    maxUsesPerCustomer: body.maxUsesPerCustomer ?? null,
  };
}

/** A new code (staff or the owner, decision 055): products named must exist; a code taken already is 409; audited. */
export async function createCode(db: Db, actor: AuditActor, body: CreateDiscountCodeBody): Promise<AdminDiscountCode> {
  return db.transaction(async (tx) => {
    const row = await insertDiscountCode(tx, await settingsOf(tx, body));
    if (!row) throw new Conflict(discountMessages.duplicate, { field: 'code' });
    const code = await adminCode(tx, row.id);
    await recordAudit(tx, actor, {
      kind: 'discount.create',
      targetType: 'discount',
      targetId: row.id,
      before: null,
      after: auditValues(code),
    });
    return code;
  });
}

/**
 * The owner's edit (decision 053): every field of the create form, by the same schema. The code's
 * row is locked FOR UPDATE, the lock an order using the code takes (applyDiscountCode): an order
 * in progress finishes first and is counted, and one arriving later reads the new settings. The
 * text changes only while no order names the code (orders keep the text they were placed with);
 * the total limit may not go below the uses so far (409 both). Orders placed keep their discount
 * (it is stored on the order). Audited with the changed fields only; a save without a change is
 * not recorded.
 */
export async function updateCode(db: Db, actor: AuditActor, id: number, body: CreateDiscountCodeBody): Promise<AdminDiscountCode> {
  return db.transaction(async (tx) => {
    const current = await lockDiscountCodeById(tx, id);
    if (!current) throw new NotFound(discountMessages.notFound);
    const before = await adminCode(tx, id);
    const settings = await settingsOf(tx, body);
    if (settings.code !== current.code && before.codeLocked) throw new Conflict(discountMessages.codeUsed, { field: 'code' });
    if (settings.maxUses !== null && settings.maxUses < before.uses) {
      throw new Conflict(discountMessages.limitBelowUses(before.uses), { field: 'maxUses' });
    }
    const row = await updateDiscountCode(tx, id, settings);
    if (!row) throw new Conflict(discountMessages.duplicate, { field: 'code' });
    const after = await adminCode(tx, id);
    const change = changedAuditFields(auditValues(before), auditValues(after), 'code');
    if (change) await recordAudit(tx, actor, { kind: 'discount.update', targetType: 'discount', targetId: id, ...change });
    return after;
  });
}

/** Pause or resume a code (its row locked: an order using it finishes first); audited. */
export async function pauseCode(db: Db, actor: AuditActor, id: number, paused: boolean): Promise<AdminDiscountCode> {
  return db.transaction(async (tx) => {
    const before = await lockDiscountCodeById(tx, id);
    if (!before) throw new NotFound(discountMessages.notFound);
    const row = (await setDiscountCodePaused(tx, id, paused))!;
    if (before.paused !== paused) {
      await recordAudit(tx, actor, {
        kind: paused ? 'discount.pause' : 'discount.resume',
        targetType: 'discount',
        targetId: id,
        before: { code: before.code, paused: before.paused },
        after: { code: row.code, paused },
      });
    }
    return adminCode(tx, id);
  });
}

/** A code's orders: date, customer, discount. */
export async function codeUses(db: DbOrTx, id: number): Promise<DiscountUse[]> {
  await adminCode(db, id);
  return (await listDiscountUses(db, id)).map((u) => ({
    orderId: u.orderId,
    createdAt: u.createdAt.toISOString(),
    customer: u.userName || u.userEmail || u.guestName || u.guestEmail || u.customerName || '',
    discount: toEuros(u.discountCents),
    status: u.status,
  }));
}
