import { z } from '../zod-sq';
import { isWholeCents } from '../domain/money';
import { orderLimits, orderStatuses } from '../domain/orders';

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

export const orderItemInputSchema = z.object({
  id: z.string({ error: orderMessages.productId }).trim().min(1, orderMessages.productId).max(200),
  quantity: z
    .number({ error: orderMessages.quantity })
    .int(orderMessages.quantity)
    .min(1, orderMessages.quantity)
    .max(orderLimits.maxQuantity, orderMessages.quantity),
  price: z
    .number({ error: orderMessages.price })
    .finite(orderMessages.price)
    .nonnegative(orderMessages.price)
    .max(orderLimits.maxUnitPrice, orderMessages.price)
    .refine(isWholeCents, orderMessages.cents),
});

export const createOrderBodySchema = z.object({
  items: z
    .array(orderItemInputSchema, { error: orderMessages.emptyItems })
    .min(1, orderMessages.emptyItems)
    .max(orderLimits.maxLines, orderMessages.tooManyLines),
  total: z
    .number({ error: orderMessages.total })
    .finite(orderMessages.total)
    .nonnegative(orderMessages.total)
    .max(orderLimits.maxTotal, orderMessages.total)
    .refine(isWholeCents, orderMessages.cents),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const orderStatusSchema = z.enum(orderStatuses);

export const orderLineSchema = z.object({ id: z.string(), name: z.string(), price: z.number(), quantity: z.number() });
export type OrderLine = z.infer<typeof orderLineSchema>;
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
