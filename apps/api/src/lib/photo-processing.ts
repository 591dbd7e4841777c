import crypto from 'node:crypto';
import type { Metadata, OutputInfo } from 'sharp';
import { photoLimits, widthsFor, type PhotoFormat } from '@shop/shared/domain/photos';
import { photoMsg } from '@shop/shared/messages-photos';
import { coresButOne, workQueue, type WorkQueue } from './work-queue';

/** Why a file is not taken as a product photo (each has its Albanian text in messages-photos). */
export type PhotoProblem = 'notImage' | 'heic' | 'tooBig' | 'tooSmall' | 'tooManyPixels';

export class PhotoRefused extends Error {
  constructor(readonly problem: PhotoProblem) {
    super(problem);
  }
}

export interface ProcessedPhoto {
  /** 16 hex digits of the SHA-256 of every copy's bytes: part of each copy's address. */
  hash: string;
  /** The largest copy's size. */
  width: number;
  height: number;
  widths: number[];
  avif: boolean;
  sourceFormat: string;
  sourceBytes: number;
  variants: { format: PhotoFormat; width: number; bytes: Buffer }[];
}

/** The formats sharp names for what we take: JPEG, PNG, WebP and HEIF (AVIF, and HEIC when it can be decoded). */
const accepted = new Set(['jpeg', 'png', 'webp', 'heif']);

/** AVIF copies are kept only when together they are at most this share of the WebP ones (decision 019). */
export const AVIF_PAYS_AT = 0.9;

/**
 * No picture over 40 MP is ever decoded (issue 24 finding 14): a small, well-compressed file can
 * claim a huge picture, and decoding it costs seconds and hundreds of MB. The header says how
 * many pixels it has before anything is decoded; libvips refuses past the same limit anyway.
 */
const limitInputPixels = photoLimits.maxPixels;

/** Seconds a refused upload is told to wait (Retry-After): a few photos' work. */
export const PHOTO_RETRY_AFTER_SECONDS = 10;

/** libvips' threads per photo (createPhotoQueue). */
let libvipsThreads = 1;
type Sharp = (typeof import('sharp'))['default'];
let sharpLoaded: Promise<Sharp> | undefined;

/**
 * sharp, loaded on the first photo: libvips and its codecs are about 19 MB of resident memory
 * that a shop whose photos are all made does not need to hold from its start (decision 030).
 */
function loadSharp(): Promise<Sharp> {
  sharpLoaded ??= import('sharp').then((m) => {
    const sharp = m.default;
    sharp.concurrency(libvipsThreads);
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

/**
 * The queue an instance's uploads take turns in (decision 029): at most `concurrency` uploads are
 * made into copies at once (default one per core but one), each of its photos in turn, and at most
 * `maxWaiting` wait (default 4); past it, 503 with Retry-After at once. libvips gets the cores left
 * over per running upload (sharp.concurrency), so work on photos never takes every core from the
 * shop's answers, and its operation cache is off (every picture is seen once).
 */
export function createPhotoQueue(limits: { concurrency?: number; maxWaiting: number }): WorkQueue {
  const concurrency = limits.concurrency ?? coresButOne();
  libvipsThreads = Math.max(1, Math.floor(coresButOne() / concurrency));
  sharpLoaded?.then((sharp) => sharp.concurrency(libvipsThreads));
  return workQueue({
    concurrency,
    maxWaiting: limits.maxWaiting,
    busy: { msg: photoMsg.busy, retryAfterSeconds: PHOTO_RETRY_AFTER_SECONDS },
  });
}

/**
 * Checks a file by its content (sharp reads its header; the name and the declared type are never
 * trusted), then makes the copies: turned upright by its EXIF orientation, every width of
 * domain/photos widthsFor (never upscaled), WebP always and AVIF where it pays. The copies carry
 * no metadata (no EXIF, GPS or camera data): sharp writes none unless asked.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused('notImage');
  }
  if (!meta.format || !accepted.has(meta.format) || !meta.width || !meta.height) throw new PhotoRefused('notImage');
  const heic = meta.format === 'heif' && meta.compression !== 'av1';
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is its stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (Math.max(width, height) > photoLimits.maxSide) throw new PhotoRefused('tooBig');
  if (Math.min(width, height) < photoLimits.minSide) throw new PhotoRefused('tooSmall');
  if (width * height > photoLimits.maxPixels) throw new PhotoRefused('tooManyPixels');

  const widths = widthsFor(width);
  const top = widths[widths.length - 1]!;
  // Decoded once, upright and at the largest width, in sRGB; every copy is made from these pixels.
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(input, { limitInputPixels, failOn: 'error' })
      .rotate()
      .resize({ width: top, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRefused(heic ? 'heic' : 'notImage');
  }
  const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } };
  const copy = (w: number, format: PhotoFormat) => {
    const resized = sharp(pixels.data, raw).resize({ width: w, withoutEnlargement: true });
    return (format === 'webp' ? resized.webp({ quality: 80, effort: 4 }) : resized.avif({ quality: 50, effort: 0 })).toBuffer();
  };
  const webp: Buffer[] = [];
  const avif: Buffer[] = [];
  for (const w of widths) {
    webp.push(await copy(w, 'webp'));
    avif.push(await copy(w, 'avif'));
  }
  const size = (list: Buffer[]) => list.reduce((n, b) => n + b.length, 0);
  const avifPays = size(avif) <= size(webp) * AVIF_PAYS_AT;
  const variants = [
    ...widths.map((w, i) => ({ format: 'webp' as const, width: w, bytes: webp[i]! })),
    ...(avifPays ? widths.map((w, i) => ({ format: 'avif' as const, width: w, bytes: avif[i]! })) : []),
  ];
  const digest = crypto.createHash('sha256');
  for (const v of variants) digest.update(v.bytes);
  return {
    hash: digest.digest('hex').slice(0, 16),
    width: pixels.info.width,
    height: pixels.info.height,
    widths,
    avif: avifPays,
    sourceFormat: heic ? 'heic' : meta.format === 'heif' ? 'avif' : meta.format,
    sourceBytes: input.length,
    variants,
  };
}
