import { z } from '../zod-sq';

/** POST /api/newsletter: one address; stored once, whatever its letter case. */
export const newsletterRequestSchema = z.object({
  email: z.string().trim().max(254).pipe(z.email()),
});
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

export const newsletterResponseSchema = z.object({ msg: z.string() });
