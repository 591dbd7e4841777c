import { z } from '../zod-sq';

/** A gift card of the gift card page (product.md §3): display only. */
export const giftCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  desc: z.string(),
  price: z.number(),
  image: z.string(),
});
export type GiftCard = z.infer<typeof giftCardSchema>;

/** A blog post as the list shows it: everything but the HTML content. */
export const blogPostSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  excerpt: z.string(),
  image: z.string(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** A whole blog post. `content` is HTML: clients render it only after sanitising it. */
export const blogPostSchema = blogPostSummarySchema.extend({ content: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogIdParamsSchema = z.object({ id: z.string().min(1).max(200) });
