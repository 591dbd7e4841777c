import { toCents, toEuros } from '@shop/shared/domain/money';
import { stockOrUntracked, variantTitle } from '@shop/shared/domain/variants';
import { adminMsg } from '@shop/shared/messages-admin';
import type { Product } from '@shop/shared/schemas/product';
import { variantMsg, type AdminVariants, type VariantsBody } from '@shop/shared/schemas/variants';
import type { Db, DbOrTx } from '../db/client';
import { lockProduct } from '../repositories/admin-products';
import { findAlias, findProduct, toProduct, type ProductWithPhotos } from '../repositories/products';
import { loadVariants, photoIdsOf, replaceVariants, takenElsewhere, type OptionRow, type VariantRow } from '../repositories/variants';
import { recordAudit, type AuditActor } from './audit';
import { Conflict, Invalid, NotFound } from './errors';

/**
 * A product's options and variants (issue 27, decision 039): the product page's answer with them,
 * and the staff's read and replace of them (one transaction, audited, the product's lock held).
 */

/**
 * The product an id names (any letter case), or the one an old id went into when the seed grouped
 * phones that differ only in storage (product_aliases): then `variantId` is the variant the old id
 * became (null: the product's own id, or that variant is gone). A product's own id always wins.
 */
export async function findProductByAnyId(
  db: DbOrTx,
  id: string,
): Promise<{ product: ProductWithPhotos; variantId: number | null } | undefined> {
  const product = await findProduct(db, id);
  if (product) return { product, variantId: null };
  const alias = await findAlias(db, id);
  if (!alias) return undefined;
  const grouped = await findProduct(db, alias.productId);
  return grouped ? { product: grouped, variantId: alias.variantId } : undefined;
}

/**
 * GET /api/products/{id}: the product with its options and variants; undefined when there is none.
 * Asked by an old id, the product it went into with `selectedVariantId`, the variant it meant.
 */
export async function findProductPage(db: DbOrTx, id: string): Promise<Product | undefined> {
  const found = await findProductByAnyId(db, id);
  if (!found) return undefined;
  const variants = await loadVariants(db, found.product.id);
  const product = toProduct(found.product, variants);
  const selected = variants.variants.find((v) => v.id === found.variantId);
  return selected ? { ...product, selectedVariantId: selected.id } : product;
}

function toAdminVariants(productId: string, v: { options: OptionRow[]; variants: VariantRow[] }): AdminVariants {
  return {
    productId,
    options: v.options,
    variants: v.variants.map((r) => ({
      id: r.id,
      values: r.values,
      title: variantTitle(r.values),
      sku: r.sku,
      barcode: r.barcode,
      price: toEuros(r.priceCents),
      oldPrice: r.oldPriceCents === null ? null : toEuros(r.oldPriceCents),
      stock: r.stock,
      isDefault: r.isDefault,
      images: r.imageIds,
    })),
  };
}

/** What the audit log keeps of a product's options and variants (euros, as the admin typed them). */
const audited = (name: string, v: AdminVariants) => ({
  name,
  options: v.options.map((o) => ({ name: o.name, values: o.values.map((x) => x.value) })),
  variants: v.variants.map((r) => ({
    values: r.values,
    sku: r.sku,
    barcode: r.barcode,
    price: r.price,
    oldPrice: r.oldPrice,
    stock: r.stock,
    isDefault: r.isDefault,
    images: r.images,
  })),
});

/** The staff's view of a product's options and variants (id in any letter case). */
export async function getAdminVariants(db: DbOrTx, id: string): Promise<AdminVariants> {
  const product = await findProduct(db, id);
  if (!product) throw new NotFound(adminMsg.productNotFound);
  return toAdminVariants(product.id, await loadVariants(db, product.id));
}

/**
 * Replaces a product's options and variants with the checked body: variants are matched to the
 * existing ones by SKU (in any letter case), so a kept variant keeps its id; a SKU or barcode
 * another product holds is a Conflict (409), a photo that is not the product's is Invalid (400);
 * nothing is written then. The default is the one marked, else the first row. A variant without a
 * stock is not tracked (domain/variants stockOrUntracked). Audited as a product change.
 */
export async function putVariants(db: Db, actor: AuditActor, id: string, body: VariantsBody): Promise<AdminVariants> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, id);
    if (!product) throw new NotFound(adminMsg.productNotFound);
    return writeVariants(tx, actor, product, body);
  });
}

/**
 * putVariants inside the caller's transaction, the product's lock held by the caller: the catalogue's
 * import (services/catalogue-csv.ts) writes several products' variants in its one transaction.
 */
export async function writeVariants(
  tx: DbOrTx,
  actor: AuditActor,
  product: { id: string; name: string },
  body: VariantsBody,
): Promise<AdminVariants> {
  const before = toAdminVariants(product.id, await loadVariants(tx, product.id));

  const barcodes = body.variants.flatMap((v) => (v.barcode ? [v.barcode] : []));
  const taken = await takenElsewhere(
    tx,
    product.id,
    body.variants.map((v) => v.sku),
    barcodes,
  );
  if (taken.skus.length > 0) {
    const row = body.variants.findIndex((v) => v.sku.toLowerCase() === taken.skus[0]!.toLowerCase());
    throw new Conflict(variantMsg.skuTaken(body.variants[row]!.sku), { field: `variants.${row}.sku` });
  }
  if (taken.barcodes.length > 0) {
    const row = body.variants.findIndex((v) => v.barcode === taken.barcodes[0]);
    throw new Conflict(variantMsg.barcodeTaken(taken.barcodes[0]!), { field: `variants.${row}.barcode` });
  }
  const imageIds = [...new Set(body.variants.flatMap((v) => v.images ?? []))];
  const owned = await photoIdsOf(tx, product.id, imageIds);
  const foreign = body.variants.findIndex((v) => (v.images ?? []).some((i) => !owned.has(i)));
  if (foreign >= 0) throw new Invalid(variantMsg.images, { field: `variants.${foreign}.images` });

  const existingBySku = new Map(before.variants.map((v) => [v.sku.toLowerCase(), v.id]));
  const marked = body.variants.findIndex((v) => v.isDefault);
  const defaultRow = marked >= 0 ? marked : 0;
  const lower = (s: string) => s.toLocaleLowerCase('sq');
  await replaceVariants(
    tx,
    product.id,
    body.options.map((o) => ({ name: o.name, values: o.values })),
    body.variants.map((v, i) => ({
      id: existingBySku.get(v.sku.toLowerCase()) ?? null,
      isDefault: i === defaultRow,
      sku: v.sku,
      barcode: v.barcode || null,
      priceCents: toCents(v.price),
      oldPriceCents: v.oldPrice === undefined || v.oldPrice === null ? null : toCents(v.oldPrice),
      stock: stockOrUntracked(v.stock),
      valueIndexes: v.values.map((value, j) => body.options[j]!.values.findIndex((known) => lower(known) === lower(value))),
      imageIds: [...new Set(v.images ?? [])],
    })),
  );
  const after = toAdminVariants(product.id, await loadVariants(tx, product.id));
  const b = audited(product.name, before);
  const a = audited(product.name, after);
  if (JSON.stringify(b) !== JSON.stringify(a)) {
    await recordAudit(tx, actor, { kind: 'product.update', targetType: 'product', targetId: product.id, before: b, after: a });
  }
  return after;
}
