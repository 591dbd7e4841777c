import { toCents, toEuros } from '@shop/shared/domain/money';
import {
  unitMsg,
  type ReceiveUnitsBody,
  type ReceiveUnitsResult,
  type StockUnit,
  type UnitList,
  type UnitListQuery,
} from '@shop/shared/schemas/units';
import type { Db, DbOrTx } from '../db/client';
import {
  addReceivedStock,
  insertUnits,
  listUnits,
  lockVariant,
  unitCounts,
  unitsByIds,
  variantState,
  type UnitRow,
} from '../repositories/units';
import { recordAudit, type AuditActor } from './audit';
import { Conflict, NotFound } from './errors';

const toUnit = (r: UnitRow): StockUnit => ({
  id: r.id,
  imei: r.imei,
  variantId: r.variantId,
  status: r.status,
  supplier: r.supplier,
  purchasePrice: r.purchasePriceCents === null ? null : toEuros(r.purchasePriceCents),
  receivedAt: r.receivedAt.toISOString(),
  receivedBy: r.receivedBy,
  orderId: r.orderId,
});

/**
 * 'Pranim malli' (issue 28, decision 040): every IMEI of the body becomes a unit in stock of the
 * variant and the variant's stock rises by as many, in one transaction, or nothing happens: an IMEI
 * already known is a Conflict naming it (409). The variant's row is locked first, so a receipt and
 * an order's stock statement for it take turns. Recorded in 'Historiku'.
 */
export async function receiveUnits(db: Db, actor: AuditActor, body: ReceiveUnitsBody): Promise<ReceiveUnitsResult> {
  return db.transaction(async (tx) => {
    const variant = await lockVariant(tx, body.variantId);
    if (!variant) throw new NotFound(unitMsg.variantNotFound);
    const purchasePriceCents = body.purchasePrice === null ? null : toCents(body.purchasePrice);
    const inserted = await insertUnits(tx, {
      variantId: variant.id,
      imeis: body.imeis,
      supplier: body.supplier,
      purchasePriceCents,
      receivedBy: actor.id,
    });
    if (inserted.length < body.imeis.length) {
      const added = new Set(inserted.map((r) => r.imei));
      throw new Conflict(unitMsg.imeiTaken(body.imeis.filter((imei) => !added.has(imei))), {
        imeis: body.imeis.filter((imei) => !added.has(imei)),
      });
    }
    const stock = await addReceivedStock(tx, variant.id, inserted.length, variant.serialized);
    await recordAudit(tx, actor, {
      kind: 'stock.receive',
      targetType: 'product',
      targetId: variant.productId,
      before: { stock: variant.stock },
      after: {
        variant: variant.title === '' ? variant.productName : `${variant.productName} (${variant.title})`,
        imeis: body.imeis,
        stock,
        ...(body.supplier ? { supplier: body.supplier } : {}),
        ...(body.purchasePrice !== null ? { purchasePrice: body.purchasePrice } : {}),
      },
    });
    const received = await unitsByIds(
      tx,
      inserted.map((r) => r.id),
    );
    return { msg: unitMsg.received(received.length), received: received.map(toUnit), stock };
  });
}

/** A variant's units for staff: by status, searched by IMEI digits, with the counts per status. */
export async function variantUnits(db: DbOrTx, query: UnitListQuery): Promise<UnitList> {
  const state = await variantState(db, query.variantId);
  if (!state) throw new NotFound(unitMsg.variantNotFound);
  const [units, counts] = await Promise.all([listUnits(db, query), unitCounts(db, query.variantId)]);
  return { variantId: query.variantId, serialized: state.serialized, stock: state.stock, units: units.map(toUnit), counts };
}
