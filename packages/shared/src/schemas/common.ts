import { z } from '../zod-sq';
import { categories, collections } from '../domain/catalogue';

export const errorSchema = z.object({
  msg: z.string(),
  /** Login (401): the account has two-factor on; send the code too. */
  twoFactorRequired: z.literal(true).optional(),
  /** Admin routes (403) under ADMIN_2FA=required: turn two-factor on from the profile first. */
  twoFactorSetupRequired: z.literal(true).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const categorySchema = z.enum(categories);

export const collectionSchema = z.enum(collections);
