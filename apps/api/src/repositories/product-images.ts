import type { ProcessedPhoto } from '../lib/photo-processing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { defaultWidth, photoUrl, srcsetOf, type PhotoFormat } from '@shop/shared/domain/photos';
import type { GalleryImage } from '@shop/shared/schemas/product';
import type { AdminPhoto } from '@shop/shared/schemas/photos';
import type { DbOrTx } from '../db/client';
import { productImages, productImageVariants, products } from '../db/schema';

/** What the answers need of a photo (never its bytes). */
export interface PhotoMeta {
  id: number;
  productId: string;
  position: number;
  hash: string;
  width: number;
  height: number;
  widths: number[];
  avif: boolean;
}

const metaColumns = {
  id: productImages.id,
  productId: productImages.productId,
  position: productImages.position,
  hash: productImages.hash,
  width: productImages.width,
  height: productImages.height,
  widths: productImages.widths,
  avif: productImages.avif,
};

/** A photo as a gallery picture: the ~640 px WebP as `src`, every copy in `srcset` (decision 019). */
export function toGalleryImage(p: PhotoMeta): GalleryImage {
  return {
    src: photoUrl(p.id, p.hash, defaultWidth(p.widths), 'webp'),
    srcset: srcsetOf(p.id, p.hash, p.widths, 'webp'),
    avifSrcset: p.avif ? srcsetOf(p.id, p.hash, p.widths, 'avif') : null,
    width: p.width,
    height: p.height,
  };
}

export const toAdminPhoto = (p: PhotoMeta): AdminPhoto => ({ id: p.id, ...toGalleryImage(p) });

/** The largest WebP copy's address (link previews). */
export const largestPhotoUrl = (p: PhotoMeta): string => photoUrl(p.id, p.hash, p.widths[p.widths.length - 1]!, 'webp');

function group(rows: PhotoMeta[]): Map<string, PhotoMeta[]> {
  const byProduct = new Map<string, PhotoMeta[]>();
  for (const row of rows) {
    const list = byProduct.get(row.productId);
    if (list) list.push(row);
    else byProduct.set(row.productId, [row]);
  }
  return byProduct;
}

/** The photos of the products `ids` as stored (every product when left out), each product's in order. */
export async function photosOf(db: DbOrTx, ids?: readonly string[]): Promise<Map<string, PhotoMeta[]>> {
  if (ids && ids.length === 0) return new Map();
  const q = db.select(metaColumns).from(productImages);
  const rows = await (ids ? q.where(inArray(productImages.productId, [...ids])) : q).orderBy(
    productImages.productId,
    productImages.position,
    productImages.id,
  );
  return group(rows);
}

/** Each product's first photo (the product's picture on cards and lists). */
export async function firstPhotos(db: DbOrTx): Promise<Map<string, PhotoMeta>> {
  const rows = await db
    .selectDistinctOn([productImages.productId], metaColumns)
    .from(productImages)
    .orderBy(productImages.productId, productImages.position, productImages.id);
  return new Map(rows.map((r) => [r.productId, r]));
}

/** Locks the product row `id` (as stored) so photo changes of one product take turns; false when it is gone. */
export async function lockProductForPhotos(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
  return rows.length > 0;
}

export async function countPhotos(tx: DbOrTx, productId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  return Number(row?.n ?? 0);
}

/** A processed photo (lib/photo-processing.ts) as it is stored: its product and place in the gallery. */
export interface NewPhoto extends ProcessedPhoto {
  productId: string;
  position: number;
}

/** Stores one photo and its copies; its id. */
export async function insertPhoto(tx: DbOrTx, photo: NewPhoto): Promise<number> {
  const { variants, ...row } = photo;
  const [inserted] = await tx.insert(productImages).values(row).returning({ id: productImages.id });
  const id = inserted!.id;
  // One row at a time: a statement with every copy's bytes in it would be one large message.
  for (const v of variants) await tx.insert(productImageVariants).values({ imageId: id, ...v });
  return id;
}

/** The photo `id` with its product, or undefined. */
export async function findPhoto(db: DbOrTx, id: number): Promise<PhotoMeta | undefined> {
  const [row] = await db.select(metaColumns).from(productImages).where(eq(productImages.id, id));
  return row;
}

/** Removes a photo (its copies go with it); false when it was gone. */
export async function deletePhoto(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx.delete(productImages).where(eq(productImages.id, id)).returning({ id: productImages.id });
  return rows.length > 0;
}

/** Gives the photos `ids` of a product the positions 0, 1, 2... in that order. */
export async function setPhotoPositions(tx: DbOrTx, productId: string, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries())
    await tx
      .update(productImages)
      .set({ position })
      .where(and(eq(productImages.id, id), eq(productImages.productId, productId)));
}

/** The bytes of one copy, when the id, hash, format and width all match. */
export async function findPhotoCopy(db: DbOrTx, id: number, hash: string, format: PhotoFormat, width: number): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ bytes: productImageVariants.bytes })
    .from(productImageVariants)
    .innerJoin(productImages, eq(productImages.id, productImageVariants.imageId))
    .where(
      and(
        eq(productImageVariants.imageId, id),
        eq(productImages.hash, hash),
        eq(productImageVariants.format, format),
        eq(productImageVariants.width, width),
      ),
    );
  return row?.bytes;
}

/** The product's id as stored, for an id in any letter case; undefined when there is none. */
export async function storedProductId(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`lower(${products.id}) = lower(${id})`);
  return row?.id;
}

/** Marks the product changed now (its photos changed: the sitemap's lastmod, the admin list). */
export async function touchProduct(tx: DbOrTx, id: string): Promise<void> {
  await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
}
