import { z } from '../zod-sq';
import { MAX_PHOTO_WIDTH, photoFilePattern, photoLimits } from '../domain/photos';
import { photoMsg } from '../messages-photos';
import { galleryImageSchema } from './product';
import { errorSchema } from './common';

/** An uploaded photo as the admin sees it: its id (for reordering and removing) and its copies. */
export const adminPhotoSchema = galleryImageSchema.extend({ id: z.number() });
export type AdminPhoto = z.infer<typeof adminPhotoSchema>;

/** The answer of every photo change: the product's photos in their order now. */
export const adminPhotosAnswerSchema = z.object({ msg: z.string(), photos: z.array(adminPhotoSchema) });
export type AdminPhotosAnswer = z.infer<typeof adminPhotosAnswerSchema>;

/** PUT /api/admin/products/{id}/images: every photo id of the product once, first shown first. */
export const photoOrderBodySchema = z.object({
  order: z
    .array(z.number({ error: photoMsg.orderIds }).int(photoMsg.orderIds).min(1, photoMsg.orderIds).max(2_147_483_647, photoMsg.orderIds), {
      error: photoMsg.orderIds,
    })
    .min(1, photoMsg.order)
    .max(photoLimits.maxPerProduct, photoMsg.order),
});
export type PhotoOrderBody = z.infer<typeof photoOrderBodySchema>;

/** GET /api/images/{id}/{hash}-{width}.{format}. */
export const photoFileParamsSchema = z.object({
  id: z
    .string({ error: photoMsg.badPhotoFile })
    .regex(/^[1-9]\d{0,9}$/, photoMsg.badPhotoFile)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, photoMsg.badPhotoFile)),
  file: z
    .string({ error: photoMsg.badPhotoFile })
    .regex(photoFilePattern, photoMsg.badPhotoFile)
    .transform((f) => {
      const [, hash, width, format] = photoFilePattern.exec(f)!;
      return { hash: hash!, width: Number(width), format: format as 'webp' | 'avif' };
    })
    .refine((f) => f.width >= 1 && f.width <= MAX_PHOTO_WIDTH, { message: photoMsg.badPhotoFile }),
});

/** A refused upload: the reason, and the name of the file it concerns (when it is one file's fault). */
export const photoErrorSchema = errorSchema.extend({ file: z.string().optional() });
