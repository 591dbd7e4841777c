/**
 * Product photos (issue 17, decision 019): the limits of an upload, the widths the server makes,
 * and the addresses the copies are served from. The API and the admin form read the same numbers.
 */

/** The limits of one upload and of one product's gallery. */
export const photoLimits = {
  /** Bytes of one file as sent. */
  maxBytes: 10 * 1024 * 1024,
  /** The longer side, in pixels, after turning the photo upright. */
  maxSide: 8000,
  /** Pixels of the whole picture (issue 24 finding 14): 40 MP, e.g. 8000 × 5000 or 7300 × 5470. */
  maxPixels: 40_000_000,
  /** The shorter side, in pixels: smaller pictures look blurred on a product page. */
  minSide: 200,
  /** Photos of one product. */
  maxPerProduct: 8,
} as const;

/** The widths made of every photo (never wider than the photo itself). */
export const photoWidths = [320, 640, 1024, 1600] as const;

/** The widest copy made. */
export const MAX_PHOTO_WIDTH = 1600;

/** The formats the copies are made in: WebP always, AVIF where it pays (decision 019). */
export const photoFormats = ['webp', 'avif'] as const;
export type PhotoFormat = (typeof photoFormats)[number];

/** The file types an admin may send, as the admin form's file picker names them. */
export const photoAccept = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.avif,.heic,.heif';

/**
 * The widths made of a photo `width` pixels wide: every standard width below it, and the photo's
 * own width (up to the largest standard one) so the sharpest copy is never upscaled.
 */
export function widthsFor(width: number): number[] {
  const top = Math.min(width, MAX_PHOTO_WIDTH);
  return [...photoWidths.filter((w) => w < top), top];
}

/** The address of one copy: the content hash in it makes it safe to cache for ever. */
export const photoUrl = (id: number, hash: string, width: number, format: PhotoFormat): string =>
  `/api/images/${id}/${hash}-${width}.${format}`;

/** `{hash}-{width}.{format}` as the image route reads it. */
export const photoFilePattern = /^([0-9a-f]{16})-(\d{1,4})\.(webp|avif)$/;

/** The copy a single `src` names: the one nearest 640 px (a card at twice the pixels), or the largest below it. */
export function defaultWidth(widths: readonly number[]): number {
  const below = widths.filter((w) => w <= 640);
  return below.length > 0 ? below[below.length - 1]! : widths[0]!;
}

/** `srcset` of one format: "url 320w, url 640w, ...". */
export const srcsetOf = (id: number, hash: string, widths: readonly number[], format: PhotoFormat): string =>
  widths.map((w) => `${photoUrl(id, hash, w, format)} ${w}w`).join(', ');
