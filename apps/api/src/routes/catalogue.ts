import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { blogIdParamsSchema, blogPostSchema, blogPostSummarySchema, giftCardSchema } from '@shop/shared/schemas/catalogue';
import { listBlogPosts, listGiftCards } from '../repositories/catalogue';
import { getBlogPost } from '../services/catalogue';

/** Read-only catalogue beyond products: gift cards and blog posts (product.md §2.4, 2.7). */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/giftcards',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Kartat dhuratë të faqes së kartave (vetëm për shfaqje)',
        response: { 200: z.array(giftCardSchema) },
      },
    },
    async () => listGiftCards(app.db),
  );

  app.get(
    '/blog',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Artikujt e blogut, më të rinjtë së pari (pa përmbajtjen HTML)',
        response: { 200: z.array(blogPostSummarySchema) },
      },
    },
    async () => listBlogPosts(app.db),
  );

  app.get(
    '/blog/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Një artikull i blogut me përmbajtjen HTML (klienti e pastron para shfaqjes)',
        params: blogIdParamsSchema,
        response: { 200: blogPostSchema, 404: errorSchema },
      },
    },
    async (req) => getBlogPost(app.db, req.params.id),
  );
};

export default catalogueRoutes;
