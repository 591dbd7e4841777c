import { z } from '../zod-sq';

export const errorSchema = z.object({ msg: z.string() });
export type ApiError = z.infer<typeof errorSchema>;

export const categories = ['phone', 'case', 'giftcard', 'accessory'] as const;
export const categorySchema = z.enum(categories);
export type Category = z.infer<typeof categorySchema>;

export const collections = ['home', 'iphone', 'samsung', 'accessories'] as const;
export const collectionSchema = z.enum(collections);
export type Collection = z.infer<typeof collectionSchema>;

/** A euro amount: positive, at most 2 decimals. */
export const euroAmount = z
  .number()
  .finite()
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: 'Çmimi mund të ketë të shumtën 2 shifra dhjetore.' });
