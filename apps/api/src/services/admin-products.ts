import { toCents, toEuros } from '@shop/shared/domain/money';
import { slugify, type Category, type Collection } from '@shop/shared/domain/catalogue';
import { reservedProductIds } from '@shop/shared/domain/routes';
import { storageGb } from '@shop/shared/domain/catalogue-browse';
import { stockOrUntracked } from '@shop/shared/domain/variants';
import { adminMsg } from '@shop/shared/messages-admin';
import type { Db, DbOrTx } from '../db/client';
import {
  deleteProduct as deleteProductRow,
  findAdminProduct,
  insertProduct,
  lockProduct,
  takenIdKeys,
  updateProductRow,
} from '../repositories/admin-products';
import type { ProductRow, ProductWithPhotos } from '../repositories/products';
import { setStock } from '../repositories/stock';
import { changedAuditFields, recordAudit, type AuditActor } from './audit';
import { NotFound } from './errors';

/** What the admin routes hand over after validation (euros, trimmed strings). */
interface ProductInput {
  name: string;
  price: number;
  description?: string;
  image?: string;
  category?: Category;
  oldPrice?: number | null;
  collection?: Collection | null;
  /** Units on the shelf; null: not tracked; left out: kept on update, on create not tracked (domain/variants stockOrUntracked). */
  stock?: number | null;
  brand?: string;
  /** '' or null: none. */
  sku?: string | null;
  /** Label/value rows; left out: kept on update, none on create. */
  specs?: { label: string; value: string }[];
}

/** The rows as the specs map the product answers carry (the labels as typed). */
const specsMap = (rows: { label: string; value: string }[]) => Object.fromEntries(rows.map((r) => [r.label, r.value]));

const centsOrNull = (euros: number | null) => (euros === null ? null : toCents(euros));

/** The first of base, base-2, base-3... that no product uses and no storefront page reserves. */
async function freeSlug(db: DbOrTx, base: string): Promise<string> {
  const used = await takenIdKeys(db, base);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!used.has(candidate) && !reservedProductIds.has(candidate)) return candidate;
  }
}

/** What the audit log keeps of a product (euros, as the admin typed them). */
const auditedProduct = (row: ProductRow) => ({
  name: row.name,
  price: toEuros(row.priceCents),
  oldPrice: row.oldPriceCents === null ? null : toEuros(row.oldPriceCents),
  category: row.category,
  collection: row.collection,
  description: row.description,
  image: row.images[0] ?? null,
  stock: row.stock,
  brand: row.brand,
  sku: row.sku,
  specs: row.specs,
});

/** The fields that differ, with the name both sides so the entry says which product. */
const changedFields = (before: Record<string, unknown>, after: Record<string, unknown>) => changedAuditFields(before, after, 'name');

/** Creates a product with a slug id made from its name; a concurrent twin simply takes the next number. */
export async function createProduct(db: Db, actor: AuditActor, input: ProductInput): Promise<ProductWithPhotos> {
  return db.transaction((tx) => createProductIn(tx, actor, input));
}

/** createProduct inside the caller's transaction (the catalogue's import creates several in one). */
export async function createProductIn(tx: DbOrTx, actor: AuditActor, input: ProductInput): Promise<ProductWithPhotos> {
  const row = await insertWithFreeSlug(tx, input);
  await recordAudit(tx, actor, {
    kind: 'product.create',
    targetType: 'product',
    targetId: row.id,
    before: null,
    after: auditedProduct(row),
  });
  return row;
}

/**
 * updateProduct inside the caller's transaction, the product locked by the caller (the catalogue's
 * import): the fields given change, the price stays the product's (its variants' write sets it).
 */
export async function updateProductIn(
  tx: DbOrTx,
  actor: AuditActor,
  current: ProductRow,
  input: Pick<ProductInput, 'name' | 'description' | 'category' | 'brand'>,
): Promise<ProductWithPhotos> {
  const row = await updateLocked(tx, current, { ...input, price: toEuros(current.priceCents) });
  const change = changedFields(auditedProduct(current), auditedProduct(row));
  if (change) await recordAudit(tx, actor, { kind: 'product.update', targetType: 'product', targetId: row.id, ...change });
  return row;
}

async function insertWithFreeSlug(db: DbOrTx, input: ProductInput): Promise<ProductWithPhotos> {
  const base = slugify(input.name);
  const category = input.category ?? 'phone';
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = await insertProduct(db, {
      id: await freeSlug(db, base),
      name: input.name,
      description: input.description ?? '',
      category,
      collection: input.collection ?? null,
      priceCents: toCents(input.price),
      oldPriceCents: centsOrNull(input.oldPrice ?? null),
      images: input.image ? [input.image] : [],
      brand: input.brand ?? '',
      sku: input.sku || null,
      specs: specsMap(input.specs ?? []),
      storageGb: storageGb({ name: input.name }),
    });
    if (id) {
      await setStock(db, id, stockOrUntracked(input.stock));
      return reread(db, id);
    }
  }
  throw new Error('no free product id');
}

/** The product as stored now, with its stock (it exists: the caller holds it). */
async function reread(db: DbOrTx, id: string): Promise<ProductWithPhotos> {
  const row = await findAdminProduct(db, id);
  if (!row) throw new NotFound(adminMsg.productNotFound);
  return row;
}

/**
 * Updates the fields given. `image` is the main picture (the first of the gallery): a new link
 * replaces it, an empty one removes it, and the rest of the gallery stays.
 */
export async function updateProduct(db: Db, actor: AuditActor, id: string, input: ProductInput): Promise<ProductWithPhotos> {
  return db.transaction(async (tx) => {
    const current = await lockProduct(tx, id);
    if (!current) throw new NotFound(adminMsg.productNotFound);
    const row = await updateLocked(tx, current, input);
    const change = changedFields(auditedProduct(current), auditedProduct(row));
    if (change) await recordAudit(tx, actor, { kind: 'product.update', targetType: 'product', targetId: row.id, ...change });
    return row;
  });
}

async function updateLocked(db: DbOrTx, current: ProductRow, input: ProductInput): Promise<ProductWithPhotos> {
  let images = current.images;
  if (input.image !== undefined) {
    const rest = current.images.slice(1);
    images = input.image ? [input.image, ...rest.filter((i) => i !== input.image)] : rest;
  }
  const updated = await updateProductRow(db, current.id, {
    name: input.name,
    // The storage facet follows the name (and the specs, which the admin forms do not edit).
    storageGb: storageGb({ name: input.name, specs: current.specs }),
    priceCents: toCents(input.price),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.category !== undefined ? { category: input.category } : {}),
    ...(input.collection !== undefined ? { collection: input.collection } : {}),
    ...(input.oldPrice !== undefined ? { oldPriceCents: centsOrNull(input.oldPrice) } : {}),
    ...(input.brand !== undefined ? { brand: input.brand } : {}),
    ...(input.sku !== undefined ? { sku: input.sku || null } : {}),
    ...(input.specs !== undefined ? { specs: specsMap(input.specs) } : {}),
    images,
  });
  if (!updated) throw new NotFound(adminMsg.productNotFound);
  if (input.stock !== undefined && input.stock !== current.stock) await setStock(db, current.id, input.stock);
  return reread(db, current.id);
}

/** Deletes a product (any letter case of its id); its id as stored. */
export async function deleteProduct(db: Db, actor: AuditActor, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const deleted = await lockProduct(tx, id);
    if (!deleted || !(await deleteProductRow(tx, deleted.id))) throw new NotFound(adminMsg.productNotFound);
    await recordAudit(tx, actor, {
      kind: 'product.delete',
      targetType: 'product',
      targetId: deleted.id,
      before: auditedProduct(deleted),
      after: null,
    });
    return deleted.id;
  });
}
