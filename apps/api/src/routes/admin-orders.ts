import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shop/shared/schemas/common';
import {
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminOrderMoveSchema,
  adminOrderSchema,
  adminOrderStatusBodySchema,
  numericIdParamsSchema,
} from '@shop/shared/schemas/admin';
import { adminOrderListQuerySchema } from '@shop/shared/schemas/admin-lists';
import { chatOrderBodySchema, chatOrderResponseSchema } from '@shop/shared/schemas/chat-order';
import { orderValidationErrorSchema, stockConflictSchema, unknownProductsSchema } from '@shop/shared/schemas/order';
import { listAdminOrders } from '../repositories/admin-orders';
import { createChatOrder } from '../services/chat-orders';
import { markCashReceived, markOrderPaid, orderDetail, searchOrders, setOrderStatus } from '../services/admin-orders';

const security = [{ bearer: [] }];

/**
 * Orders for admins (product.md §2.9, 4; decision 015): the spec's list, the searchable paged
 * list, one order's detail, and the status moves of domain/order-moves (nextStaffStatuses).
 */
const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/orders',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Lista e porosive, më të rejat së pari',
        security,
        response: { 200: z.array(adminOrderSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => listAdminOrders(app.db),
  );

  // 'Porosi nga biseda' (decision 047): staff turn a WhatsApp/Viber chat or a call into an order.
  app.post(
    '/admin/orders',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Porosi nga biseda: stafi krijon një porosi nga WhatsApp, Viber ose telefoni; çmimet dhe tarifa llogariten nga serveri',
        description:
          'Klienti gjendet sipas telefonit: një llogari e regjistruar me atë telefon e merr porosinë; përndryshe është porosi pa llogari dhe ' +
          'përgjigjja ka `link` (faqja e porosisë) për ta ngjitur në bisedë. Email-i është opsional: pa të nuk dërgohet email.',
        security,
        body: chatOrderBodySchema,
        response: {
          201: chatOrderResponseSchema,
          400: z.union([unknownProductsSchema, orderValidationErrorSchema]),
          401: errorSchema,
          403: errorSchema,
          409: z.union([stockConflictSchema, errorSchema]),
        },
      },
    },
    async (req, reply) => reply.status(201).send(await createChatOrder(app.db, app.config, req.authUser!, req.body)),
  );

  app.get(
    '/admin/orders/search',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Porositë sipas statusit dhe kërkimit (numri, emri, telefoni, email-i), me faqe; renditja sipas datës (më të rejat së pari) ose totalit',
        security,
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderPageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => searchOrders(app.db, req.query),
  );

  app.get(
    '/admin/orders/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Një porosi me dërgesën, shënimin, historinë, hapat e mundshëm dhe TVSH-në',
        security,
        params: numericIdParamsSchema,
        response: { 200: adminOrderDetailSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req) => orderDetail(app.db, req.params.id),
  );

  app.patch(
    '/admin/orders/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Kalon porosinë në statusin tjetër (e konfirmuar, e nisur, e dorëzuar, e anuluar); 409 kur kalimi nuk lejohet',
        security,
        params: numericIdParamsSchema,
        body: adminOrderStatusBodySchema,
        response: { 200: adminOrderMoveSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) =>
      setOrderStatus(app.db, app.config, req.authUser!, req.params.id, req.body.status, req.body.units, {
        courier: req.body.courier,
        trackingNumber: req.body.trackingNumber,
      }),
  );

  // Decision 043: staff mark a bank transfer received, and a courier's cash received ('Para të pranuara').
  for (const [path, summary, act] of [
    [
      '/admin/orders/:id/paid',
      'Shënon të paguar një porosi me transfer bankar; 409 kur nuk është me transfer, është paguar ose anuluar',
      markOrderPaid,
    ],
    [
      '/admin/orders/:id/cash-received',
      'Para të pranuara: paratë që korrieri mblodhi për një porosi me para në dorë; 409 kur nuk i takon',
      markCashReceived,
    ],
  ] as const) {
    app.post(
      path,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['admin'],
          summary,
          security,
          params: numericIdParamsSchema,
          response: { 200: adminOrderSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (req) => act(app.db, req.authUser!, req.params.id),
    );
  }
};

export default adminOrderRoutes;
