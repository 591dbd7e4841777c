import { photoLimits, type PhotoFormat } from '@shop/shared/domain/photos';
import { photoMsg } from '@shop/shared/messages-photos';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminPhoto } from '@shop/shared/schemas/photos';
import type { Db, DbOrTx } from '../db/client';
import { PhotoRefused, processPhoto, type ProcessedPhoto } from '../lib/photo-processing';
import {
  countPhotos,
  findPhotoCopy,
  deletePhoto,
  findPhoto,
  insertPhoto,
  lockProductForPhotos,
  photosOf,
  setPhotoPositions,
  storedProductId,
  toAdminPhoto,
  touchProduct,
} from '../repositories/product-images';
import { recordAudit, type AuditActor } from './audit';
import { Invalid, NotFound, Unprocessable } from './errors';
import type { WorkQueue } from '../lib/work-queue';

/** A file as the upload route read it: the name it was sent with (for the message only) and its bytes. */
export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

async function productIdOrNotFound(db: DbOrTx, id: string): Promise<string> {
  const stored = await storedProductId(db, id);
  if (!stored) throw new NotFound(adminMsg.productNotFound);
  return stored;
}

async function photosNow(db: DbOrTx, productId: string): Promise<AdminPhoto[]> {
  return ((await photosOf(db, [productId])).get(productId) ?? []).map(toAdminPhoto);
}

/** Marks the product changed and records the photo change in the audit log, in the change's transaction. */
async function auditPhotos(tx: DbOrTx, actor: AuditActor, productId: string, before: number[], after: number[]) {
  await touchProduct(tx, productId);
  await recordAudit(tx, actor, {
    kind: 'product.update',
    targetType: 'product',
    targetId: productId,
    before: { photos: before },
    after: { photos: after },
  });
}

const photoIds = async (db: DbOrTx, productId: string) => ((await photosOf(db, [productId])).get(productId) ?? []).map((p) => p.id);

/**
 * Adds photos to a product (issue 17, decision 019). Every file is checked and made into copies
 * first; one bad file refuses the whole upload with its reason (and the file's name), and the
 * photos are stored in one transaction, so a refused upload changes nothing. The count is checked
 * again under the product's lock, so two uploads at once cannot pass the limit together.
 */
export async function addPhotos(db: Db, actor: AuditActor, id: string, files: UploadedFile[], queue: WorkQueue): Promise<AdminPhoto[]> {
  if (files.length === 0) throw new Invalid(photoMsg.noFiles);
  const productId = await productIdOrNotFound(db, id);
  if ((await countPhotos(db, productId)) + files.length > photoLimits.maxPerProduct) throw new Invalid(photoMsg.tooMany);
  // One upload is one job of the instance's photo queue (decision 029): a full line is Busy (503) at once.
  const processed = await queue.run(() => processAll(files));
  return db.transaction(async (tx) => {
    if (!(await lockProductForPhotos(tx, productId))) throw new NotFound(adminMsg.productNotFound);
    const before = await photoIds(tx, productId);
    if (before.length + processed.length > photoLimits.maxPerProduct) throw new Invalid(photoMsg.tooMany);
    const added: number[] = [];
    for (const [i, p] of processed.entries()) added.push(await insertPhoto(tx, { productId, position: before.length + i, ...p }));
    await auditPhotos(tx, actor, productId, before, [...before, ...added]);
    return photosNow(tx, productId);
  });
}

/** Makes every file of an upload into copies, one after the other; the first refused file refuses the upload. */
async function processAll(files: UploadedFile[]): Promise<ProcessedPhoto[]> {
  const processed: ProcessedPhoto[] = [];
  for (const file of files) {
    try {
      processed.push(await processPhoto(file.bytes));
    } catch (err) {
      // Over 40 MP (finding 14): well-formed, but more than the shop decodes: 422.
      if (err instanceof PhotoRefused && err.problem === 'tooManyPixels')
        throw new Unprocessable(photoMsg.tooManyPixels, { file: file.name });
      if (err instanceof PhotoRefused) throw new Invalid(photoMsg[err.problem], { file: file.name });
      throw err;
    }
  }
  return processed;
}

/** Removes one photo; the others keep their order. The product's id and its photos now. */
export async function removePhoto(db: Db, actor: AuditActor, photoId: number): Promise<{ productId: string; photos: AdminPhoto[] }> {
  return db.transaction(async (tx) => {
    const photo = await findPhoto(tx, photoId);
    if (!photo || !(await lockProductForPhotos(tx, photo.productId))) throw new NotFound(photoMsg.photoNotFound);
    const before = await photoIds(tx, photo.productId);
    if (!(await deletePhoto(tx, photoId))) throw new NotFound(photoMsg.photoNotFound);
    const after = before.filter((p) => p !== photoId);
    await setPhotoPositions(tx, photo.productId, after);
    await auditPhotos(tx, actor, photo.productId, before, after);
    return { productId: photo.productId, photos: await photosNow(tx, photo.productId) };
  });
}

/** Puts a product's photos in the order given: every photo of the product, each once. */
export async function reorderPhotos(db: Db, actor: AuditActor, id: string, order: number[]): Promise<AdminPhoto[]> {
  return db.transaction(async (tx) => {
    const productId = await productIdOrNotFound(tx, id);
    if (!(await lockProductForPhotos(tx, productId))) throw new NotFound(adminMsg.productNotFound);
    const before = await photoIds(tx, productId);
    const same = order.length === before.length && new Set(order).size === order.length && order.every((p) => before.includes(p));
    if (!same) throw new Invalid(photoMsg.order);
    if (order.some((p, i) => p !== before[i])) {
      await setPhotoPositions(tx, productId, order);
      await auditPhotos(tx, actor, productId, before, order);
    }
    return photosNow(tx, productId);
  });
}

/** The bytes of one copy (its address names the photo, its hash, width and format); NotFound otherwise. */
export async function photoCopy(db: DbOrTx, id: number, file: { hash: string; width: number; format: PhotoFormat }): Promise<Buffer> {
  const bytes = await findPhotoCopy(db, id, file.hash, file.format, file.width);
  if (!bytes) throw new NotFound(photoMsg.photoNotFound);
  return bytes;
}
