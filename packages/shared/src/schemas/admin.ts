import { z } from '../zod-sq';
import { adminMsg } from '../messages-admin';
import { isWholeCents } from '../domain/money';
import { categories, collections, isImageRef, productLimits } from '../domain/catalogue';
import { roles } from '../domain/accounts';
import { staffOrderStatuses } from '../domain/orders';
import { categorySchema, collectionSchema } from './common';
import { roleSchema } from './auth';
import { orderStatusSchema } from './order';

/**
 * A database id in the URL: a positive 32-bit integer (PostgreSQL serial), written in digits only,
 * so "0x10", "1e3", " 1" or "1.0" are not taken for another id.
 */
export const numericIdParamsSchema = z.object({
  id: z
    .string({ error: adminMsg.badId })
    .regex(/^\d{1,10}$/, adminMsg.badId)
    .transform(Number)
    .pipe(z.number().int(adminMsg.badId).min(1, adminMsg.badId).max(2_147_483_647, adminMsg.badId)),
});

export const productIdParamsSchema = z.object({
  id: z.string().trim().min(1, adminMsg.productNotFound).max(200, adminMsg.productNotFound),
});

export const adminPriceSchema = z
  .number({ error: adminMsg.price })
  .finite(adminMsg.price)
  .positive(adminMsg.price)
  .max(productLimits.maxPrice, adminMsg.priceMax)
  .refine(isWholeCents, { message: adminMsg.priceDecimals });

const oldPriceSchema = z
  .number({ error: adminMsg.oldPrice })
  .finite(adminMsg.oldPrice)
  .positive(adminMsg.oldPrice)
  .max(productLimits.maxPrice, adminMsg.priceMax)
  .refine(isWholeCents, { message: adminMsg.oldPrice });

/**
 * The body of POST /api/admin/products, PUT /api/admin/products/{id} and POST /api/products.
 * Name and price are required; an empty image means "no image"; category defaults to phone on
 * create and is kept on update when left out; oldPrice and collection are optional extras.
 */
export const adminProductBodySchema = z.object({
  name: z.string({ error: adminMsg.productName }).trim().min(1, adminMsg.productName).max(productLimits.name, adminMsg.productNameLong),
  price: adminPriceSchema,
  description: z.string({ error: adminMsg.descriptionLong }).trim().max(productLimits.description, adminMsg.descriptionLong).optional(),
  image: z
    .string({ error: adminMsg.image })
    .trim()
    .max(productLimits.image, adminMsg.image)
    .refine((v) => v === '' || isImageRef(v), { message: adminMsg.image })
    .optional(),
  category: z.enum(categories, { error: adminMsg.category }).optional(),
  oldPrice: oldPriceSchema.nullable().optional(),
  collection: z.enum(collections, { error: adminMsg.collection }).nullable().optional(),
});
export type AdminProductBody = z.input<typeof adminProductBodySchema>;

export const adminProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  oldPrice: z.number().nullable(),
  /** The first image, or the fallback image when there is none. */
  image: z.string(),
  images: z.array(z.string()),
  category: categorySchema,
  collection: collectionSchema.nullable(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  isAdmin: z.boolean(),
  blocked: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const roleBodySchema = z.object({
  role: z.enum(roles, { error: adminMsg.role }),
});

/** PUT .../block: no body toggles; { blocked } sets the state (so a repeated click is harmless). */
export const blockBodySchema = z.object({ blocked: z.boolean({ error: adminMsg.blockedFlag }).optional() }).nullish();

export const adminOrderStatusBodySchema = z.object({
  status: z.enum(staffOrderStatuses, { error: adminMsg.status }),
});

export const adminOrderLineSchema = z.object({ id: z.string(), name: z.string(), quantity: z.number(), price: z.number() });

export const adminOrderSchema = z.object({
  id: z.number(),
  /** The customer's email, else the name, else 'Anonim' (the account was deleted). */
  user: z.string(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  products: z.array(adminOrderLineSchema),
  totalAmount: z.number(),
  total: z.number(),
  status: orderStatusSchema,
  date: z.string(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const dailySalesSchema = z.object({ date: z.string(), total: z.number(), orders: z.number() });
export type DailySales = z.infer<typeof dailySalesSchema>;

export const adminStatsSchema = z.object({
  totalProducts: z.number(),
  totalOrders: z.number(),
  /** Sum of all orders that are not cancelled, in euros. */
  totalSales: z.number(),
  totalUsers: z.number(),
  /** Sales of today (in the shop's zone) that are not cancelled, in euros. */
  sales_today: z.number(),
  ordersToday: z.number(),
  pendingOrders: z.number(),
  /** The last 30 days, oldest first, today last; days without sales are 0. */
  daily: z.array(dailySalesSchema),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const deletedSchema = z.object({ message: z.string(), id: z.union([z.number(), z.string()]) });
