import type { OrderStatus } from '@shop/shared/domain/orders';
import { unitMsg, type OrderLineUnits } from '@shop/shared/schemas/units';
import type { DbOrTx } from '../db/client';
import { appendLineImeis, orderLinesWithVariants, releaseUnits, sellReservedUnits, takeUnitForLine } from '../repositories/units';
import { Conflict, Invalid } from './errors';
import { sheetsForDeliveredOrder } from './sale-warranty';

/** The statuses at which each serialized line must have its units: confirmed (reserved) and any later open or final one (sold). */
const unitsNeededAt = (to: OrderStatus): 'reserved' | 'sold' | null =>
  to === 'confirmed' || to === 'shipped' ? 'reserved' : to === 'delivered' ? 'sold' : null;

/**
 * The units of an order's serialized lines follow its move (decision 040), inside the move's
 * transaction, after the order's row is locked:
 * - confirmed / shipped: every serialized line must have as many IMEIs as units; the ones it lacks
 *   come from `picked` (scanned or chosen by staff) and are taken only while in stock of the line's
 *   variant (one conditional UPDATE per unit: of two takers of the same unit, one wins; the other's
 *   move is a Conflict and rolls back); the units go 'reserved';
 * - delivered: the same, every unit of the order goes 'sold' and each gets its warranty sheet;
 * - cancelled: reserved units go back in stock (the order's stock statement already returns the
 *   count) and the lines forget their IMEIs.
 * The variant's `stock` is not touched here: the order took it when placed (the invariant of
 * decision 040: stock = units in stock not yet promised to an order).
 */
export async function moveOrderUnits(tx: DbOrTx, orderId: number, to: OrderStatus, picked: OrderLineUnits | undefined): Promise<void> {
  const lines = await orderLinesWithVariants(tx, orderId);
  if (to === 'cancelled') {
    await releaseUnits(
      tx,
      lines.filter((l) => l.imeis.length > 0).map((l) => l.line),
    );
    return;
  }
  const status = unitsNeededAt(to);
  if (!status) return;
  const byLine = new Map(lines.map((l) => [l.line, l]));
  const seen = new Set<string>();
  for (const p of picked ?? []) {
    const line = byLine.get(p.line);
    if (!line) throw new Invalid(unitMsg.lineUnknown(p.line));
    const name = line.variantTitle ? `${line.name} (${line.variantTitle})` : line.name;
    if (!line.serialized || line.variantId === null) throw new Invalid(unitMsg.lineNotSerialized(name));
    for (const imei of p.imeis) {
      if (seen.has(imei) || line.imeis.includes(imei)) throw new Invalid(unitMsg.imeiTwiceInOrder(imei));
      seen.add(imei);
    }
  }
  for (const line of lines) {
    if (!line.serialized || line.variantId === null) continue;
    const name = line.variantTitle ? `${line.name} (${line.variantTitle})` : line.name;
    const missing = line.quantity - line.imeis.length;
    const given = (picked ?? []).filter((p) => p.line === line.line).flatMap((p) => p.imeis);
    if (given.length > missing) throw new Invalid(unitMsg.lineTooMany(name, missing));
    if (given.length < missing) throw new Invalid(unitMsg.lineNeeds(name, missing - given.length), { line: line.line });
    for (const imei of given) {
      const taken = await takeUnitForLine(tx, { imei, variantId: line.variantId, line: line.line, status });
      if (!taken) throw new Conflict(unitMsg.unitNotInStock(imei, name), { line: line.line, imei });
    }
    if (given.length > 0) await appendLineImeis(tx, line.line, given);
  }
  if (status === 'sold') {
    await sellReservedUnits(
      tx,
      lines.filter((l) => l.serialized).map((l) => l.line),
    );
    // Each phone handed over gets its warranty sheet, filled from the order (decision 044).
    await sheetsForDeliveredOrder(tx, orderId);
  }
}
