import { z } from '../zod-sq';
import { categories, collections } from '../domain/catalogue';

export const errorSchema = z.object({ msg: z.string() });
export type ApiError = z.infer<typeof errorSchema>;

export const categorySchema = z.enum(categories);

export const collectionSchema = z.enum(collections);
