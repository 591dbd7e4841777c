import {
  counterPaymentLabels,
  mainPaymentMethod,
  counterLineGrossCents,
  counterLineTotalCents,
  counterTotals,
  COUNTER_VAT_PERCENT,
  maxLineDiscountCents,
  settleCounterPayment,
  warrantyMonthsOf,
} from '@shop/shared/domain/counter';
import { formatPrice, toCents, toEuros } from '@shop/shared/domain/money';
import {
  counterMsg,
  type CounterCustomers,
  type CounterItem,
  type CounterLookup,
  type CounterSale,
  type CounterSaleBody,
  type CounterSaleCreated,
  type CounterSaleList,
  type CounterReturnBody,
} from '@shop/shared/schemas/counter';
import { lineRefundCents, type CounterPaymentMethod } from '@shop/shared/domain/counter';
import { imeiProblem, normalizeImei } from '@shop/shared/domain/units';
import { displayPhone } from '@shop/shared/domain/phone';
import { todayInShop } from '@shop/shared/domain/time';
import { DEFAULT_TILL } from '@shop/shared/domain/day-close';
import { toSheet } from '../repositories/warranty';
import type { Db, DbOrTx } from '../db/client';
import {
  customerById,
  insertSale,
  insertSaleLines,
  insertSaleSheets,
  insertReturn,
  lockSale,
  markLineReturned,
  restoreStock,
  returnCounterUnit,
  voidLineSheets,
  listSales,
  saleById,
  searchCustomers,
  sellUnitAtCounter,
  takeStock,
  unitByImei,
  variantsByCode,
  variantsByIds,
  variantsByName,
  type NewSaleLine,
  type SaleVariantRow,
} from '../repositories/counter-sales';
import { recordAudit, type AuditActor } from './audit';
import { counterDiscountMaxPercent } from './shop-limits';
import { Conflict, Invalid, NotFound } from './errors';
import { checkReturnWindow } from './return-rules';
import { assertTillOpen } from './day-close';
import { inStockImeis } from '../repositories/units';
import { giftCardMsg } from '@shop/shared/schemas/gift-cards';
import { holdGiftCard, issueCardsForLines, refundReturnGiftCards, spendHold } from './gift-cards';

const label = (v: { name: string; variantTitle: string }) => (v.variantTitle ? `${v.name} (${v.variantTitle})` : v.name);

type SaleRows = NonNullable<Awaited<ReturnType<typeof saleById>>>;

function toSale({ sale, lines, sheets, returns }: SaleRows): CounterSale {
  const sheetOf = new Map(sheets.map((s) => [s.counterLineId, s.id]));
  return {
    id: sale.id,
    receiptNo: sale.receiptNo,
    createdAt: sale.createdAt.toISOString(),
    till: sale.till,
    seller: sale.createdByEmail,
    customer: { userId: sale.customerUserId, name: sale.customerName, phone: sale.customerPhone, email: sale.customerEmail },
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      variantId: l.variantId,
      name: l.name,
      variantTitle: l.variantTitle,
      brand: l.brand,
      sku: l.sku,
      imei: l.imei,
      unitPrice: toEuros(l.unitPriceCents),
      quantity: l.quantity,
      discount: toEuros(l.discountCents),
      total: toEuros(counterLineTotalCents(l)),
      warrantyMonths: l.warrantyMonths,
      warrantySheetId: sheetOf.get(l.id) ?? null,
      returned: l.returnedQuantity,
    })),
    gross: toEuros(sale.grossCents),
    discount: toEuros(sale.discountCents),
    total: toEuros(sale.totalCents),
    vatPercent: sale.vatPercent,
    vat: toEuros(counterTotals([{ unitPriceCents: sale.totalCents, quantity: 1, discountCents: 0 }], sale.vatPercent).vatCents),
    payment: {
      cash: toEuros(sale.cashCents),
      cashGiven: toEuros(sale.cashGivenCents),
      change: toEuros(sale.changeCents),
      pos: toEuros(sale.posCents),
      transfer: toEuros(sale.transferCents),
      ...(sale.giftCardCents > 0 ? { giftCard: toEuros(sale.giftCardCents) } : {}),
    },
    warrantySheets: sheets.map(toSheet),
    returns: returns.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      by: r.createdByEmail,
      lines: r.lines,
      restock: r.restock,
      refundMethod: r.refundMethod as CounterPaymentMethod,
      refund: toEuros(r.refundCents),
      reason: r.reason,
      overrideReason: r.overrideReason,
    })),
  };
}

const settlementMessage = (problem: 'cards-exceed' | 'short' | 'cash-not-needed' | 'nothing', missingCents: number) =>
  problem === 'short'
    ? counterMsg.paymentShort(formatPrice(toEuros(missingCents)))
    : problem === 'cards-exceed'
      ? counterMsg.paymentCardsExceed
      : problem === 'cash-not-needed'
        ? counterMsg.paymentCashNotNeeded
        : counterMsg.paymentNothing;

/**
 * 'Shitje në dyqan' (issue 28, decision 044): one transaction or nothing. Prices from the database;
 * each line's discount within the owner's limit; the payment settles the total (cash may exceed:
 * the change). Then, per variant in id order (as an online order locks them), the stock taken with
 * one conditional UPDATE (`stock >= n`, 0 rows → 409), and each serialized line's unit moved
 * in_stock → sold conditionally (a unit sold meanwhile → 409): decision 040's invariant holds.
 * Recorded in 'Historiku' as 'Shitje në dyqan'.
 */
export async function createCounterSale(db: Db, actor: AuditActor, body: CounterSaleBody): Promise<CounterSaleCreated> {
  const id = await db.transaction(async (tx) => {
    const till = body.till ?? DEFAULT_TILL;
    await assertTillOpen(tx, till);
    const variants = new Map<number, SaleVariantRow>(
      (await variantsByIds(tx, [...new Set(body.lines.map((l) => l.variantId))])).map((v) => [v.variantId, v]),
    );
    const maxPercent = await counterDiscountMaxPercent(tx);
    const lines: NewSaleLine[] = body.lines.map((l, i) => {
      const v = variants.get(l.variantId);
      if (!v) throw new NotFound(counterMsg.variantNotFound(i + 1));
      if (v.serialized && l.imei === undefined) throw new Invalid(counterMsg.needsImei(label(v)));
      if (!v.serialized && l.imei !== undefined) throw new Invalid(counterMsg.notSerialized(label(v)));
      const discountCents = toCents(l.discount ?? 0);
      const gross = counterLineGrossCents({ unitPriceCents: v.priceCents, quantity: l.quantity, discountCents: 0 });
      const max = maxLineDiscountCents(gross, maxPercent);
      if (discountCents > max) throw new Invalid(counterMsg.discountTooHigh(label(v), formatPrice(toEuros(max)), maxPercent));
      return {
        productId: v.productId,
        variantId: v.variantId,
        name: v.name,
        variantTitle: v.variantTitle,
        brand: v.brand,
        sku: v.sku,
        imei: l.imei ?? null,
        unitPriceCents: v.priceCents,
        quantity: l.quantity,
        discountCents,
        warrantyMonths: v.serialized ? warrantyMonthsOf(v.specs) : null,
      };
    });
    const totals = counterTotals(
      lines.map((l) => ({ unitPriceCents: l.unitPriceCents, quantity: l.quantity, discountCents: l.discountCents ?? 0 })),
    );
    // Decision 048: a gift card pays its part first (its row locked, its balance checked).
    const card = body.payment.giftCard ? await holdGiftCard(tx, body.payment.giftCard, totals.totalCents) : null;
    const payment = {
      cashGivenCents: toCents(body.payment.cashGiven ?? 0),
      posCents: toCents(body.payment.pos ?? 0),
      transferCents: toCents(body.payment.transfer ?? 0),
      giftCardCents: card?.cents ?? 0,
    };
    const settled = settleCounterPayment(totals.totalCents, payment);
    if (!settled.ok) throw new Invalid(settlementMessage(settled.problem, settled.missingCents));

    let customer: { userId: number | null; name: string | null; phone: string | null; email: string | null } = {
      userId: null,
      name: body.customer?.name ?? null,
      phone: body.customer?.phone ?? null,
      email: null,
    };
    if (body.customer?.userId !== undefined) {
      const found = await customerById(tx, body.customer.userId);
      if (!found) throw new NotFound(counterMsg.customerNotFound);
      customer = {
        userId: found.id,
        name: body.customer.name ?? found.name,
        phone: body.customer.phone ?? found.phone,
        email: found.email,
      };
    }

    const saleId = await insertSale(tx, {
      receiptNo: body.receiptNo,
      customerUserId: customer.userId,
      customerName: customer.name,
      customerPhone: customer.phone,
      customerEmail: customer.email,
      grossCents: totals.grossCents,
      discountCents: totals.discountCents,
      totalCents: totals.totalCents,
      vatPercent: COUNTER_VAT_PERCENT,
      cashCents: settled.cashCents,
      cashGivenCents: payment.cashGivenCents,
      changeCents: settled.changeCents,
      posCents: payment.posCents,
      transferCents: payment.transferCents,
      giftCardCents: payment.giftCardCents,
      till,
      createdBy: actor.id,
      createdByEmail: actor.email,
    });
    const inserted = await insertSaleLines(tx, saleId, lines);
    if (card) await spendHold(tx, card, { counterSaleId: saleId }, actor);

    // The stock, per variant in id order (an online order's statement locks them in the same order).
    const wanted = new Map<number, number>();
    for (const l of lines) wanted.set(l.variantId!, (wanted.get(l.variantId!) ?? 0) + l.quantity);
    for (const [variantId, quantity] of [...wanted].sort(([a], [b]) => a - b)) {
      if (!(await takeStock(tx, variantId, quantity))) throw new Conflict(counterMsg.outOfStock(label(variants.get(variantId)!)));
    }
    // Each serialized line's unit: in_stock → sold, only if still in stock.
    for (const [i, l] of lines.entries()) {
      if (l.imei === null || l.imei === undefined) continue;
      const sold = await sellUnitAtCounter(tx, { imei: l.imei, variantId: l.variantId!, lineId: inserted[i]!.id });
      if (!sold) throw new Conflict(counterMsg.unitNotInStock(l.imei, label(variants.get(l.variantId!)!)), { imei: l.imei });
    }

    // Each phone's warranty sheet, filled from the sale (decision 044): final, as a printed sheet is.
    const [emri = '', ...rest] = (customer.name ?? '').split(/\s+/).filter(Boolean);
    const payType =
      counterPaymentLabels[
        mainPaymentMethod({ cashCents: settled.cashCents, posCents: payment.posCents, transferCents: payment.transferCents })
      ];
    const sheets = await insertSaleSheets(
      tx,
      lines.flatMap((l, i) =>
        l.imei
          ? [
              {
                emri,
                mbiemri: rest.join(' '),
                telefoni: customer.phone ? displayPhone(customer.phone) : '',
                email: customer.email ?? '',
                marka: l.brand ?? '',
                modeli: l.variantTitle ? `${l.name} (${l.variantTitle})` : l.name,
                imei: l.imei,
                kohezgjatja: `${l.warrantyMonths ?? 12} muaj`,
                cmimiCents: l.unitPriceCents * l.quantity - (l.discountCents ?? 0),
                data: todayInShop(),
                komente: `Shitje në dyqan #${saleId}, kuponi fiskal ${body.receiptNo}`,
                llojiPageses: payType,
                status: 'printed' as const,
                counterLineId: inserted[i]!.id,
                createdBy: actor.id,
              },
            ]
          : [],
      ),
    );
    for (const sheet of sheets) {
      await recordAudit(tx, actor, {
        kind: 'warranty.create',
        targetType: 'warranty',
        targetId: sheet.id,
        before: null,
        after: { marka: sheet.marka, modeli: sheet.modeli, data: sheet.data, status: sheet.status, sale: saleId },
      });
    }

    await recordAudit(tx, actor, {
      kind: 'counter.sale',
      targetType: 'sale',
      targetId: saleId,
      before: null,
      after: {
        receiptNo: body.receiptNo,
        total: toEuros(totals.totalCents),
        lines: lines.map(
          (l) => `${l.quantity} × ${label({ name: l.name, variantTitle: l.variantTitle ?? '' })}${l.imei ? ` (IMEI ${l.imei})` : ''}`,
        ),
        ...(customer.name ? { customer: customer.name } : {}),
        ...(sheets.length > 0 ? { warrantySheets: sheets.map((x) => x.id) } : {}),
        ...(card ? { giftCard: `…${card.card.last4}: ${formatPrice(toEuros(card.cents))}` } : {}),
      },
    });
    // Decision 048: each gift card product sold issues its card; the codes are answered this once.
    const giftCards = await issueCardsForLines(tx, lines, { source: 'counter', counterSaleId: saleId }, actor);
    return { saleId, giftCards };
  });
  const sale = await counterSale(db, id.saleId);
  return { msg: counterMsg.created(id.saleId), sale, ...(id.giftCards.length > 0 ? { giftCards: id.giftCards } : {}) };
}

export async function counterSale(db: DbOrTx, id: number): Promise<CounterSale> {
  const rows = await saleById(db, id);
  if (!rows) throw new NotFound(counterMsg.saleNotFound);
  return toSale(rows);
}

export async function counterSales(db: DbOrTx, q: string | undefined): Promise<CounterSaleList> {
  const [rows, discountMaxPercent] = await Promise.all([listSales(db, q || undefined), counterDiscountMaxPercent(db)]);
  return {
    sales: rows.map((r) => ({
      id: r.id,
      receiptNo: r.receiptNo,
      createdAt: r.createdAt.toISOString(),
      seller: r.seller,
      customerName: r.customerName,
      lines: r.lines,
      total: toEuros(r.totalCents),
    })),
    discountMaxPercent,
  };
}

/**
 * What the till's one input found: a scanned IMEI (14-15 digits, a unit known) picks that unit; an
 * exact SKU or EAN its variant; otherwise the text searches names.
 */
export async function counterLookup(db: DbOrTx, q: string): Promise<CounterLookup> {
  const imei = normalizeImei(q);
  if (/^\d{14,15}$/.test(imei) && imeiProblem(imei) === null) {
    const unit = await unitByImei(db, imei);
    if (unit) {
      const items = await toItems(db, await variantsByIds(db, [unit.variantId]));
      if (unit.status !== 'in_stock') {
        const item = items[0];
        throw new Conflict(counterMsg.unitNotInStock(imei, item ? label(item) : imei));
      }
      return { match: 'imei', imei, items };
    }
  }
  const byCode = await variantsByCode(db, q);
  if (byCode.length > 0) return { match: 'code', imei: null, items: await toItems(db, byCode) };
  const byName = await variantsByName(db, q);
  return { match: byName.length > 0 ? 'name' : 'none', imei: null, items: await toItems(db, byName) };
}

async function toItems(db: DbOrTx, rows: SaleVariantRow[]): Promise<CounterItem[]> {
  // The till offers at most 50 IMEIs per phone (the search shows several variants at once).
  const imeis = await inStockImeis(
    db,
    rows.filter((r) => r.serialized).map((r) => r.variantId),
    50,
  );
  return rows.map((r) => ({
    variantId: r.variantId,
    productId: r.productId,
    name: r.name,
    variantTitle: r.variantTitle,
    brand: r.brand,
    sku: r.sku,
    barcode: r.barcode,
    price: toEuros(r.priceCents),
    stock: r.stock,
    serialized: r.serialized,
    imeisInStock: imeis.get(r.variantId) ?? [],
  }));
}

export async function counterCustomers(db: DbOrTx, q: string): Promise<CounterCustomers> {
  return { customers: await searchCustomers(db, q) };
}

/**
 * A return of a counter sale's lines (issue 28, decision 044), one transaction: the sale's row
 * locked (two returns take turns); within 14 days of the sale (shop dates), or later only by the
 * owner with a reason (audited); each line at most what is left of it. Restock: the units back in
 * stock and `stock` up by as many (decision 040's invariant); not: a phone's unit is 'returned'
 * (defective: to repair or the supplier) and the stock stays. A phone's warranty sheet is voided.
 * The refund is each line's share of what was paid, by the method staff chose.
 */
export async function returnCounterLines(
  db: Db,
  actor: AuditActor & { role: string },
  saleId: number,
  body: CounterReturnBody,
): Promise<CounterSaleCreated> {
  let refundCents = 0;
  let returnId = 0;
  let toCard = 0;
  await db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    if (!sale) throw new NotFound(counterMsg.saleNotFound);
    const { late } = checkReturnWindow(sale.createdAt, actor, body.overrideReason, {
      late: counterMsg.returnLate,
      ownerOnly: counterMsg.returnOwnerOnly,
    });
    const till = body.till ?? sale.till;
    await assertTillOpen(tx, till);
    const rows = await saleById(tx, saleId);
    const byId = new Map(rows!.lines.map((l) => [l.id, l]));
    for (const want of body.lines) {
      const line = byId.get(want.lineId);
      if (!line) throw new Invalid(counterMsg.returnLineUnknown(want.lineId));
      const name = line.variantTitle ? `${line.name} (${line.variantTitle})` : line.name;
      if (!(await markLineReturned(tx, line.id, want.quantity)))
        throw new Conflict(counterMsg.returnTooMany(name, line.quantity - line.returnedQuantity));
      refundCents += lineRefundCents(line, want.quantity);
      if (line.imei) {
        await returnCounterUnit(tx, line.id, body.restock);
        await voidLineSheets(tx, line.id, `Anuluar: telefoni u kthye më ${todayInShop()}`);
      }
      if (body.restock && line.variantId !== null) await restoreStock(tx, line.variantId, want.quantity);
    }
    // Decision 048: what a gift card paid of the sale goes back to the card first.
    toCard = sale.giftCardCents > 0 ? await refundReturnGiftCards(tx, { counterSaleId: saleId }, refundCents, actor) : 0;
    returnId = await insertReturn(tx, {
      saleId,
      lines: body.lines,
      restock: body.restock,
      refundMethod: body.refundMethod,
      refundCents,
      giftCardCents: toCard,
      reason: body.reason,
      overrideReason: late ? body.overrideReason! : null,
      till,
      createdBy: actor.id,
      createdByEmail: actor.email,
    });
    await recordAudit(tx, actor, {
      kind: 'counter.return',
      targetType: 'sale',
      targetId: saleId,
      before: null,
      after: {
        receiptNo: sale.receiptNo,
        lines: body.lines.map((l) => {
          const line = byId.get(l.lineId)!;
          return `${l.quantity} × ${line.name}${line.imei ? ` (IMEI ${line.imei})` : ''}`;
        }),
        restock: body.restock,
        refund: toEuros(refundCents),
        refundMethod: counterPaymentLabels[body.refundMethod],
        ...(toCard > 0 ? { giftCard: toEuros(toCard) } : {}),
        reason: body.reason,
        ...(late ? { override: body.overrideReason } : {}),
      },
    });
  });
  const msg = counterMsg.returned(returnId, formatPrice(toEuros(refundCents)));
  return {
    msg: toCard > 0 ? `${msg} ${giftCardMsg.backToCard(formatPrice(toEuros(toCard)))}` : msg,
    sale: await counterSale(db, saleId),
  };
}
