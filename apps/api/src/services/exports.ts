import { exportFileName, type ExportKind } from '@shop/shared/domain/admin-lists';
import { fulfilmentLabels, orderStatusLabels, paymentMethodLabels, vatIncludedCents } from '@shop/shared/domain/orders';
import { formatDateTime } from '@shop/shared/domain/time';
import type { DbOrTx } from '../db/client';
import { csvEuros, csvPhone, type CsvCell } from '../lib/csv';
import { recordAudit, type AuditActor } from './audit';
import { customersBatch, newsletterBatch, orderLinesBatch, warrantyBatch, type DayRange } from '../repositories/exports';

/** Rows read from the database per batch: a year of a busy shop streams through this many at a time. */
export const EXPORT_BATCH = 500;

export interface ExportFile {
  fileName: string;
  header: readonly string[];
  rows: AsyncIterable<readonly CsvCell[]>;
}

/** Reads batches after the last key until one comes back short. */
async function* batches<R, K>(read: (after: K | null) => Promise<R[]>, keyOf: (row: R) => K): AsyncGenerator<R> {
  let after: K | null = null;
  for (;;) {
    const batch = await read(after);
    yield* batch;
    if (batch.length < EXPORT_BATCH) return;
    after = keyOf(batch[batch.length - 1]!);
  }
}

const yesNo = (v: boolean) => (v ? 'Po' : 'Jo');

async function* orderRows(db: DbOrTx, r: DayRange): AsyncGenerator<CsvCell[]> {
  const rows = batches(
    (after: [number, number] | null) => orderLinesBatch(db, r, after, EXPORT_BATCH),
    (row) => [row.order.id, row.item.id] as [number, number],
  );
  for await (const { order: o, item: i, userName, userEmail, userPhone } of rows) {
    yield [
      o.id,
      formatDateTime(o.createdAt.toISOString()),
      orderStatusLabels[o.status],
      o.customerName ?? userName ?? '',
      userEmail ?? '',
      csvPhone(o.phone ?? userPhone),
      fulfilmentLabels[o.fulfilment],
      o.city ?? '',
      o.address ?? '',
      o.note ?? '',
      paymentMethodLabels[o.paymentMethod],
      csvEuros(o.deliveryFeeCents),
      csvEuros(o.totalCents),
      o.vatPercent,
      csvEuros(vatIncludedCents(o.totalCents, o.vatPercent)),
      i.productId,
      i.name,
      i.quantity,
      csvEuros(i.unitPriceCents),
      csvEuros(i.unitPriceCents * i.quantity),
      // Added by issue 27 after the older columns: the variant as sold and its SKU ('' on older lines).
      i.variantTitle ?? '',
      i.sku ?? '',
      csvEuros(o.discountCents),
      o.discountCode ?? '',
    ];
  }
}

async function* warrantyRows(db: DbOrTx, r: DayRange): AsyncGenerator<CsvCell[]> {
  const rows = batches(
    (after: number | null) => warrantyBatch(db, r, after, EXPORT_BATCH),
    (s) => s.id,
  );
  for await (const s of rows) {
    yield [
      s.id,
      s.emri,
      s.mbiemri,
      csvPhone(s.telefoni),
      s.email,
      s.marka,
      s.modeli,
      s.imei,
      s.softInfo,
      s.kohezgjatja,
      s.cmimiCents === null ? '' : csvEuros(s.cmimiCents),
      s.data,
      s.llojiPageses,
      s.status === 'printed' ? 'E printuar' : 'Draft',
      s.komente,
    ];
  }
}

async function* customerRows(db: DbOrTx, r: DayRange): AsyncGenerator<CsvCell[]> {
  const rows = batches(
    (after: number | null) => customersBatch(db, r, after, EXPORT_BATCH),
    (u) => u.id,
  );
  for await (const u of rows) {
    yield [
      u.id,
      u.name,
      u.email,
      csvPhone(u.phone),
      yesNo(u.emailVerified),
      u.blocked ? 'I bllokuar' : 'Aktiv',
      formatDateTime(u.createdAt.toISOString()),
      u.orders,
      csvEuros(u.spentCents),
    ];
  }
}

async function* newsletterRows(db: DbOrTx, r: DayRange): AsyncGenerator<CsvCell[]> {
  const rows = batches(
    (after: number | null) => newsletterBatch(db, r, after, EXPORT_BATCH),
    (n) => n.id,
  );
  for await (const n of rows) yield [n.email, formatDateTime(n.createdAt.toISOString())];
}

const files: Record<ExportKind, { header: readonly string[]; rows: (db: DbOrTx, r: DayRange) => AsyncIterable<CsvCell[]> }> = {
  orders: {
    header: [
      'Porosia',
      'Data',
      'Statusi',
      'Klienti',
      'Email',
      'Telefoni',
      'Marrja',
      'Komuna',
      'Adresa',
      'Shënimi',
      'Pagesa',
      'Dërgesa (€)',
      'Totali i porosisë (€)',
      'TVSH (%)',
      'TVSH (€)',
      'Produkti (ID)',
      'Emri i produktit',
      'Sasia',
      'Çmimi për njësi (€)',
      'Shuma e rreshtit (€)',
      'Varianti',
      'SKU',
      // Issue 29 (decision 049), after the older columns: the order's discount and its code.
      'Zbritja (€)',
      'Kodi i zbritjes',
    ],
    rows: orderRows,
  },
  warranty: {
    header: [
      'ID',
      'Emri',
      'Mbiemri',
      'Telefoni',
      'Email',
      'Marka',
      'Modeli',
      'IMEI',
      'Softueri',
      'Kohezgjatja',
      'Cmimi (€)',
      'Data',
      'Lloji Pageses',
      'Statusi',
      'Komente',
    ],
    rows: warrantyRows,
  },
  customers: {
    header: ['ID', 'Emri', 'Email', 'Telefoni', 'Email i verifikuar', 'Statusi', 'Regjistruar më', 'Porosi', 'Shpenzuar (€)'],
    rows: customerRows,
  },
  newsletter: { header: ['Email', 'Regjistruar më'], rows: newsletterRows },
};

/**
 * An export for a range of days in the shop's zone: orders (one row per line, with the order's
 * columns), warranty sheets (by their date), customers (registered in the range) and newsletter
 * addresses. The rows are read as the file is sent (decision 021).
 */
export function exportFile(db: DbOrTx, kind: ExportKind, range: DayRange): ExportFile {
  const file = files[kind];
  return { fileName: exportFileName(kind, range.from, range.to), header: file.header, rows: file.rows(db, range) };
}

/**
 * An admin takes an export out: recorded in 'Historiku' ('export.csv': which file and which days)
 * before the first row is read, then the file (exportFile). Every export holds customers' data
 * (names, contacts, addresses), so every one is recorded (issue 24 finding 3, decision 026).
 */
export async function openExport(db: DbOrTx, actor: AuditActor, kind: ExportKind, range: DayRange): Promise<ExportFile> {
  const file = exportFile(db, kind, range);
  await recordAudit(db, actor, {
    kind: 'export.csv',
    targetType: 'export',
    targetId: kind,
    before: null,
    after: { file: file.fileName, from: range.from, to: range.to },
  });
  return file;
}
