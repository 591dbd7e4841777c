import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { catalogueHeader } from '@shop/shared/domain/catalogue-csv';
import { csvImportMsg } from '@shop/shared/schemas/catalogue-csv';
import { variantMsg } from '@shop/shared/schemas/variants';
import { countRows, createTestApp, type TestApp } from '../test/harness';
import { adminActors, expectAdminOnly } from '../test/admin-helpers';
import type { CatalogueImport } from '@shop/shared/schemas/catalogue-csv';

/**
 * The catalogue as CSV (issue 27): the export, the import's dry run and real run, and every
 * refusal naming its row and column with nothing written. PGlite by default, PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await adminActors(t);
});
afterAll(async () => {
  await t?.close();
});

const header = catalogueHeader.join(';');
/** A file as a spreadsheet saves it: ';' between cells, CRLF, a BOM when asked. */
const csvFile = (rows: string[][], o: { bom?: boolean; head?: string } = {}) =>
  Buffer.from((o.bom ? '\uFEFF' : '') + [o.head ?? header, ...rows.map((r) => r.join(';'))].join('\r\n') + '\r\n', 'utf8');

const importCsv = (body: Buffer, dryRun: boolean, headers: Record<string, string> = actors.admin.auth) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/products/import${dryRun ? '?dryRun=1' : ''}`,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: body,
  });

const exportCsv = () => t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: actors.admin.auth });

/** A row of the file: product id, name, category, brand, description, 3 options, SKU, barcode, price, old price, stock, default. */
const row = (o: {
  id?: string;
  name: string;
  opts?: [string, string][];
  sku: string;
  price: string;
  stock?: string;
  def?: boolean;
  brand?: string;
  barcode?: string;
  oldPrice?: string;
}) => {
  const opts = [...(o.opts ?? [])];
  while (opts.length < 3) opts.push(['', '']);
  return [
    o.id ?? '',
    o.name,
    'Telefona',
    o.brand ?? 'Apple',
    'Një telefon',
    ...opts.flat(),
    o.sku,
    o.barcode ?? '',
    o.price,
    o.oldPrice ?? '',
    o.stock ?? '',
    o.def ? 'Po' : '',
  ];
};

/** 50 variants of one phone: 5 colours × 10 sizes, unique to `tag`. */
function fiftyVariants(tag: string) {
  const colours = ['E zezë', 'E bardhë', 'Blu', 'E kuqe', 'Ari'];
  const sizes = Array.from({ length: 10 }, (_, i) => `${(i + 1) * 64} GB`);
  return colours.flatMap((c, ci) =>
    sizes.map((s, si) =>
      row({
        name: `Telefon CSV ${tag}`,
        opts: [
          ['Ngjyra', c],
          ['Memoria', s],
        ],
        sku: `${tag}-${ci}-${si}`,
        price: `${999 + si * 100},00`,
        stock: String(ci + si),
        def: ci === 0 && si === 0,
      }),
    ),
  );
}

/** What the tables hold: the import's refusals must leave every count as it was. */
const counts = async () => ({
  products: await countRows(t, 'products'),
  variants: await countRows(t, 'product_variants'),
  audit: await countRows(t, 'audit_log'),
});

interface Refusal {
  msg: string;
  errors: { row: number; column: string | null; message: string; text: string }[];
  errorCount: number;
}

describe('catalogue CSV', () => {
  it('imports 50 variants: the dry run tells, the real run writes, the product page shows them', async () => {
    const file = csvFile(fiftyVariants('F50'), { bom: true });
    const listed = async () => ((await t.app.inject({ method: 'GET', url: '/api/products' })).json() as { id: string }[]).map((p) => p.id);
    // The list is answered from the product cache from here on (decision 008).
    expect(await listed()).not.toContain('telefon-csv-f50');
    const before = await counts();
    const dry = await importCsv(file, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const plan = dry.json() as CatalogueImport;
    expect(plan.dryRun).toBe(true);
    expect(plan.rows).toBe(50);
    expect(plan.summary).toEqual({
      productsCreated: 1,
      productsUpdated: 0,
      productsUnchanged: 0,
      variantsCreated: 50,
      variantsUpdated: 0,
      variantsRemoved: 0,
      variantsUnchanged: 0,
    });
    expect(plan.changes[0]).toMatchObject({ productId: null, product: 'Telefon CSV F50', action: 'create', sku: null });
    expect(plan.changes[1]).toMatchObject({ sku: 'F50-0-0', variant: 'E zezë / 64 GB', action: 'create' });
    expect(plan.changes[1]!.fields).toContainEqual({ column: 'Çmimi (€)', before: null, after: '999,00 €' });
    expect(await counts()).toEqual(before);

    const real = await importCsv(file, false);
    expect(real.statusCode, real.body).toBe(200);
    const done = real.json() as CatalogueImport;
    expect(done.summary).toEqual(plan.summary);
    const id = done.productIds[0]!;
    expect(id).toBe('telefon-csv-f50');
    // The import emptied the cache: the list shows the new phone at once.
    expect(await listed()).toContain(id);

    const page = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(page.statusCode).toBe(200);
    const product = page.json() as {
      name: string;
      price: number;
      brand: string;
      options: { name: string; values: { value: string }[] }[];
      variants: { sku: string; price: number; isDefault: boolean }[];
    };
    expect(product.name).toBe('Telefon CSV F50');
    expect(product.brand).toBe('Apple');
    expect(product.options.map((o) => o.name)).toEqual(['Ngjyra', 'Memoria']);
    expect(product.options[0]!.values.map((v) => v.value)).toEqual(['E zezë', 'E bardhë', 'Blu', 'E kuqe', 'Ari']);
    expect(product.variants).toHaveLength(50);
    expect(product.variants.find((v) => v.isDefault)!.sku).toBe('F50-0-0');
    expect(product.variants.find((v) => v.sku === 'F50-2-9')!.price).toBe(1899);
    expect(product.price).toBe(999);
    const after = await counts();
    expect(after.products).toBe(before.products + 1);
    expect(after.variants).toBe(before.variants + 50);
    expect(after.audit).toBeGreaterThan(before.audit);
  });

  it('round trip: the export imported unchanged changes nothing; an edited cell is one update with before and after', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="katalogu-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parse(res.rawPayload.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(records[0]).toEqual(catalogueHeader);
    // One row per variant of every product.
    expect(records.length - 1).toBe(await countRows(t, 'product_variants'));

    const before = await counts();
    const dry = await importCsv(res.rawPayload, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const plan = dry.json() as CatalogueImport;
    expect(plan.changes).toEqual([]);
    expect(plan.summary.productsCreated + plan.summary.productsUpdated + plan.summary.variantsCreated).toBe(0);
    expect(plan.summary.variantsUnchanged).toBe(records.length - 1);
    const real = await importCsv(res.rawPayload, false);
    expect(real.statusCode, real.body).toBe(200);
    expect(await counts()).toEqual(before);

    // One price edited in the spreadsheet.
    const at = records.findIndex((r) => r[11] === 'F50-1-1');
    const edited = records.map((r, i) => (i === at ? r.map((c, j) => (j === 13 ? '1111,50' : c)) : r));
    const text = edited.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(';')).join('\r\n');
    const change = (await importCsv(Buffer.from(text), true)).json() as CatalogueImport;
    expect(change.summary.variantsUpdated).toBe(1);
    expect(change.changes).toEqual([
      {
        productId: 'telefon-csv-f50',
        product: 'Telefon CSV F50',
        sku: 'F50-1-1',
        variant: 'E bardhë / 128 GB',
        action: 'update',
        fields: [{ column: 'Çmimi (€)', before: '1.099,00 €', after: '1.111,50 €' }],
      },
    ]);
  });

  it('updates a product: a variant left out is removed, a new one created, the product fields change', async () => {
    const base = [
      row({ name: 'Tel Ndrysho', opts: [['Ngjyra', 'E zezë']], sku: 'NDR-1', price: '100', stock: '3', def: true }),
      row({ name: 'Tel Ndrysho', opts: [['Ngjyra', 'E bardhë']], sku: 'NDR-2', price: '110', stock: '' }),
    ];
    const created = (await importCsv(csvFile(base), false)).json() as CatalogueImport;
    const id = created.productIds[0]!;
    const next = [
      row({ id, name: 'Tel Ndrysho', brand: 'Samsung', opts: [['Ngjyra', 'E zezë']], sku: 'NDR-1', price: '100', stock: '3', def: true }),
      row({ id, name: '', brand: '', opts: [['', 'Blu']], sku: 'NDR-3', price: '120', stock: '1' }),
    ];
    const res = await importCsv(csvFile(next), true);
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json() as CatalogueImport;
    expect(plan.summary).toMatchObject({ productsUpdated: 1, variantsCreated: 1, variantsRemoved: 1, variantsUnchanged: 1 });
    expect(plan.changes[0]!.fields).toContainEqual({ column: 'Marka', before: 'Apple', after: 'Samsung' });
    expect(plan.changes.find((c) => c.action === 'remove')).toMatchObject({ sku: 'NDR-2', variant: 'E bardhë' });
    expect((await importCsv(csvFile(next), false)).statusCode).toBe(200);
    const variants = (
      await t.app.inject({ method: 'GET', url: `/api/admin/products/${id}/variants`, headers: actors.admin.auth })
    ).json() as {
      variants: { sku: string; stock: number | null }[];
    };
    expect(variants.variants.map((v) => v.sku).sort()).toEqual(['NDR-1', 'NDR-3']);
  });

  /** Refused with these row/column messages, nothing written. */
  async function expectRefused(body: Buffer, expected: { row: number; column: string | null; message: string }[]) {
    const before = await counts();
    for (const dryRun of [true, false]) {
      const res = await importCsv(body, dryRun);
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json() as Refusal;
      expect(answer.msg).toBe(csvImportMsg.refused(expected.length));
      expect(answer.errorCount).toBe(expected.length);
      expect(answer.errors.map(({ row, column, message }) => ({ row, column, message }))).toEqual(expected);
      for (const e of answer.errors) expect(e.text).toBe(`${csvImportMsg.at(e.row, e.column)}: ${e.message}`);
    }
    expect(await counts()).toEqual(before);
  }

  it('refuses each bad cell with its row and column, every one listed, nothing written', async () => {
    await expectRefused(
      csvFile([
        row({ name: 'Tel Gabim', opts: [['Ngjyra', 'E zezë']], sku: 'GAB-1', price: '' }),
        row({ name: 'Tel Gabim', opts: [['Ngjyra', 'E zezë']], sku: 'GAB-2', price: '10' }),
        row({ name: 'Tel Gabim', opts: [['Ngjyra', 'Blu']], sku: 'GAB-1', price: '-5', stock: '-1' }),
        row({ name: 'Tel Gabim', opts: [['Ngjyra', 'Ari']], sku: 'GAB-4', price: '10', stock: '2,5' }),
        row({ name: 'Tel Gabim 2', sku: 'GAB-5', price: '=1+1' }),
        row({ name: 'Tel Gabim 3', sku: 'GAB-6', price: '10', barcode: '1234567890123' }),
      ]),
      [
        { row: 2, column: 'Çmimi (€)', message: variantMsg.price },
        { row: 3, column: 'Vlera 1', message: csvImportMsg.combinationTwice(2) },
        { row: 4, column: 'SKU', message: csvImportMsg.skuTwice(2) },
        { row: 4, column: 'Çmimi (€)', message: variantMsg.price },
        { row: 4, column: 'Stoku', message: variantMsg.stock },
        { row: 5, column: 'Stoku', message: variantMsg.stock },
        { row: 6, column: 'Çmimi (€)', message: csvImportMsg.formula },
        { row: 7, column: 'Barkodi', message: variantMsg.barcode },
      ],
    );
  });

  it('refuses formula cells in any column; the export’s apostrophe guard reads back as text', async () => {
    await expectRefused(
      csvFile([
        row({ name: '=HYPERLINK("http://x")', sku: 'FOR-1', price: '10' }),
        row({ name: 'Tel Formula', brand: '@SUM(A1)', sku: 'FOR-2', price: '10' }),
        row({ name: 'Tel Formula 2', brand: '-2+3', sku: 'FOR-3', price: '10' }),
      ]),
      [
        { row: 2, column: 'Emri', message: csvImportMsg.formula },
        { row: 3, column: 'Marka', message: csvImportMsg.formula },
        { row: 4, column: 'Marka', message: csvImportMsg.formula },
      ],
    );
    const guarded = await importCsv(csvFile([row({ name: "'-Tel me vizë", sku: 'FOR-OK', price: '10' })]), true);
    expect(guarded.statusCode, guarded.body).toBe(200);
    expect((guarded.json() as CatalogueImport).changes[0]!.product).toBe('-Tel me vizë');
  });

  it('refuses a SKU or barcode another product holds, and an id that does not exist', async () => {
    await expectRefused(
      csvFile([row({ name: 'Tel Huaj', sku: 'f50-0-0', price: '10' }), row({ id: 'nuk-ekziston', name: 'X', sku: 'NX-1', price: '10' })]),
      [
        { row: 2, column: 'SKU', message: csvImportMsg.skuTaken('f50-0-0', 'Telefon CSV F50') },
        { row: 3, column: 'ID e produktit', message: csvImportMsg.unknownProduct },
      ],
    );
  });

  it('refuses a header without a required column, and an unknown column', async () => {
    const head = catalogueHeader.filter((h) => h !== 'SKU').join(';') + ';Ngjyra e preferuar';
    await expectRefused(csvFile([['', 'Tel', 'Telefona', '', '', '', '', '', '', '', '', '', '10', '', '', '', 'x']], { head }), [
      { row: 1, column: 'Ngjyra e preferuar', message: csvImportMsg.unknownColumn('Ngjyra e preferuar') },
      { row: 1, column: null, message: csvImportMsg.missingColumn('SKU') },
    ]);
  });

  it('refuses Windows-1252 bytes, UTF-16 and a binary file with the advice to save as CSV UTF-8', async () => {
    const before = await counts();
    const cp1252 = Buffer.concat([
      Buffer.from(`${header}\r\n;Mbrojt`, 'latin1'),
      Buffer.from([0xeb]),
      Buffer.from('se;Aksesor;;;;;;;;;M-1;;10;;;\r\n'),
    ]);
    for (const body of [cp1252, Buffer.from([0xff, 0xfe, 0x49, 0x00])]) {
      const res = await importCsv(body, true);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: csvImportMsg.encoding });
      expect(csvImportMsg.encoding).toContain('Ruaje si CSV UTF-8');
    }
    const binary = await importCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), false);
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toEqual({ msg: csvImportMsg.binary });
    expect(await counts()).toEqual(before);
  });

  it('refuses too many rows, too large a file, a broken quote and an empty file', async () => {
    const many = csvFile(Array.from({ length: 5001 }, (_, i) => row({ name: `Tel ${i}`, sku: `MANY-${i}`, price: '1' })));
    const tooMany = await importCsv(many, true);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ msg: csvImportMsg.tooManyRows });
    const huge = await importCsv(Buffer.alloc(2 * 1024 * 1024 + 10, 'a'), true);
    expect(huge.statusCode).toBe(413);
    const broken = await importCsv(Buffer.from(`${header}\r\n"Tel;pa mbyllur\r\n`), true);
    expect(broken.statusCode).toBe(400);
    expect((broken.json() as { msg: string }).msg).toBe(csvImportMsg.broken(2));
    const empty = await importCsv(Buffer.from(`${header}\r\n`), true);
    expect(empty.json()).toEqual({ msg: csvImportMsg.empty });
  });

  it('is for staff only: anonymous 401, customer 403, nothing read or written', async () => {
    const before = await counts();
    await expectAdminOnly(t, actors, { method: 'GET', url: '/api/admin/products/export.csv' });
    await expectAdminOnly(t, actors, {
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { 'content-type': 'text/csv' },
      payload: csvFile([row({ name: 'Tel Leje', sku: 'LEJE-1', price: '10' })]),
    });
    expect(await counts()).toEqual(before);
  });
});
