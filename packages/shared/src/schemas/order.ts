import { z } from '../zod-sq';

export const orderMessages = {
  success: 'Porosia u krye me sukses!',
  emptyItems: 'Porosia duhet të ketë të paktën një produkt.',
  tooManyLines: 'Porosia mund të ketë të shumtën 50 produkte të ndryshme.',
  quantity: 'Sasia duhet të jetë numër i plotë nga 1 deri në 99.',
  price: 'Çmimi duhet të jetë një numër jo negativ.',
  total: 'Totali duhet të jetë një numër jo negativ.',
  duplicateLine: 'I njëjti produkt është dy herë në porosi.',
  unknownProducts: 'Disa produkte nuk ekzistojnë më: ',
  pricesChanged: 'Çmimet kanë ndryshuar. Kontrolloni shportën me çmimet aktuale dhe konfirmoni përsëri.',
  idempotencyKey: 'Idempotency-Key nuk është i vlefshëm.',
  idempotencyReuse: 'Ky Idempotency-Key është përdorur tashmë për një porosi tjetër.',
  inProgress: 'Kjo porosi po përpunohet ende. Provoni përsëri pas pak.',
  totalTooLarge: 'Totali i porosisë është shumë i madh.',
  cents: 'Çmimet dhe totali mund të kenë të shumtën 2 shifra dhjetore.',
  productId: 'Fusha "id" e produktit mungon.',
} as const;

/** Whole cents: 19.99 passes, 19.994 does not (float noise such as 0.1 + 0.2 is tolerated). */
const wholeCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const orderItemInputSchema = z.object({
  id: z.string({ error: orderMessages.productId }).trim().min(1, orderMessages.productId).max(200),
  quantity: z
    .number({ error: orderMessages.quantity })
    .int(orderMessages.quantity)
    .min(1, orderMessages.quantity)
    .max(99, orderMessages.quantity),
  price: z
    .number({ error: orderMessages.price })
    .finite(orderMessages.price)
    .nonnegative(orderMessages.price)
    .max(1_000_000, orderMessages.price)
    .refine(wholeCents, orderMessages.cents),
});

export const createOrderBodySchema = z.object({
  items: z
    .array(orderItemInputSchema, { error: orderMessages.emptyItems })
    .min(1, orderMessages.emptyItems)
    .max(50, orderMessages.tooManyLines),
  total: z
    .number({ error: orderMessages.total })
    .finite(orderMessages.total)
    .nonnegative(orderMessages.total)
    .max(100_000_000, orderMessages.total)
    .refine(wholeCents, orderMessages.cents),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const orderStatusSchema = z.enum(['pending', 'delivered', 'cancelled']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
// The labels live in a module without zod, so the web pages that only show them stay small.
export { orderStatusLabels } from '../messages-orders';

export const orderLineSchema = z.object({ id: z.string(), name: z.string(), price: z.number(), quantity: z.number() });
export const orderSchema = z.object({
  id: z.number(),
  items: z.array(orderLineSchema),
  total: z.number(),
  status: orderStatusSchema,
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const createOrderResponseSchema = z.object({ message: z.string(), order: orderSchema });
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** 409 body when the client's prices or total differ from the database's. */
export const priceConflictSchema = z.object({
  msg: z.string(),
  prices: z.array(z.object({ id: z.string(), name: z.string(), price: z.number() })),
  total: z.number(),
});
export type PriceConflict = z.infer<typeof priceConflictSchema>;

/** 400 body when some ids are not (or no longer) products. */
export const unknownProductsSchema = z.object({ msg: z.string(), unknownIds: z.array(z.string()) });
/** 400 body of a validation error: the message and, when known, the field's path (items.0.quantity). */
export const orderValidationErrorSchema = z.object({ msg: z.string(), field: z.string().optional() });

export const idempotencyKeySchema = z
  .string()
  .min(8, orderMessages.idempotencyKey)
  .max(200, orderMessages.idempotencyKey)
  .regex(/^[A-Za-z0-9._:-]+$/, orderMessages.idempotencyKey);
