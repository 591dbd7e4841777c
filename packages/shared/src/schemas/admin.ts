import { z } from '../zod-sq';
import { adminMsg } from '../messages-admin';
import { isWholeCents } from '../domain/money';
import { categories, collections, isImageRef, productLimits } from '../domain/catalogue';
import { roles } from '../domain/accounts';
import { TRACKING_NUMBER_PATTERN } from '../domain/shop-settings';
import { adminOrdersPageSize, fulfilments, orderStatuses, paymentMethods, staffOrderStatuses } from '../domain/orders';
import { orderChannels } from '../domain/order-channels';
import { categorySchema, collectionSchema } from './common';
import { galleryImageSchema } from './product';
import { roleSchema } from './auth';
import { deliveryDetailsSchema, orderHistoryEntrySchema, orderStatusSchema } from './order';
import { repairStatsSchema } from './repairs';
import { orderLineUnitsSchema } from './units';
import { issuedGiftCardSchema } from './gift-cards';

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

export const oldPriceSchema = z
  .number({ error: adminMsg.oldPrice })
  .finite(adminMsg.oldPrice)
  .positive(adminMsg.oldPrice)
  .max(productLimits.maxPrice, adminMsg.priceMax)
  .refine(isWholeCents, { message: adminMsg.oldPrice });

const specRowSchema = z.object(
  {
    label: z.string({ error: adminMsg.specLabel }).trim().min(1, adminMsg.specLabel).max(60, adminMsg.specLabel),
    value: z.string({ error: adminMsg.specValue }).trim().min(1, adminMsg.specValue).max(300, adminMsg.specValue),
  },
  { error: adminMsg.specs },
);

/** The specs table as label/value rows (issue 17): at most 30, each label once (in any letter case). */
export const specRowsSchema = z
  .array(specRowSchema, { error: adminMsg.specs })
  .max(30, adminMsg.specsTooMany)
  .refine((rows) => new Set(rows.map((r) => r.label.toLocaleLowerCase('sq'))).size === rows.length, { message: adminMsg.specDuplicate });
export type SpecRow = z.infer<typeof specRowSchema>;

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
  /** Units on the shelf; null: not tracked, always sellable. Left out: not tracked on create (domain/variants), kept on update. */
  stock: z
    .number({ error: adminMsg.stock })
    .int(adminMsg.stock)
    .min(0, adminMsg.stock)
    .max(1_000_000, adminMsg.stock)
    .nullable()
    .optional(),
  /** The maker shown on the product page; '' clears it. Left out: '' on create, kept on update. */
  brand: z.string({ error: adminMsg.brand }).trim().max(60, adminMsg.brand).optional(),
  /** '' or null: no SKU (the page shows a dash). */
  sku: z
    .string({ error: adminMsg.sku })
    .trim()
    .max(40, adminMsg.sku)
    .regex(/^[A-Za-z0-9._\-/]*$/, adminMsg.sku)
    .nullable()
    .optional(),
  specs: specRowsSchema.optional(),
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
  /** Units on the shelf; null: unlimited. */
  stock: z.number().nullable(),
  brand: z.string(),
  sku: z.string().nullable(),
  specs: z.record(z.string(), z.string()),
  /** The uploaded photos in their order (issue 17); `images` above are the image links. */
  photos: z.array(galleryImageSchema.extend({ id: z.number() })),
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
  /** Two-factor sign-in is on: another admin may clear it (issue 24, decision 025). */
  twoFactorEnabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const roleBodySchema = z.object({
  role: z.enum(roles, { error: adminMsg.role }),
});

/** PUT .../block: no body toggles; { blocked } sets the state (so a repeated click is harmless). */
export const blockBodySchema = z.object({ blocked: z.boolean({ error: adminMsg.blockedFlag }).optional() }).nullish();

export const adminOrderStatusBodySchema = z.object({
  status: z.enum(staffOrderStatuses, { error: adminMsg.status }),
  /** Issue 28: the IMEIs of the serialized lines' units, picked at confirmation or hand-over (decision 040). */
  units: orderLineUnitsSchema.optional(),
  /** Decision 043: moving to 'shipped' on delivery asks the courier (from 'Cilësimet') and the tracking number. */
  courier: z.string({ error: adminMsg.courier }).trim().min(1, adminMsg.courier).max(60, adminMsg.courier).optional(),
  trackingNumber: z.string({ error: adminMsg.trackingNumber }).trim().regex(TRACKING_NUMBER_PATTERN, adminMsg.trackingNumber).optional(),
});

/** GET /api/admin/orders/search: filter by status, search by number, name, phone or email, page. */
export const adminOrderSearchQuerySchema = z.object({
  status: z.enum(orderStatuses, { error: adminMsg.statusFilter }).optional(),
  q: z.string({ error: adminMsg.search }).trim().max(200, adminMsg.search).optional(),
  page: z.coerce.number({ error: adminMsg.page }).int(adminMsg.page).min(1, adminMsg.page).max(100_000, adminMsg.page).default(1),
  pageSize: z.coerce
    .number({ error: adminMsg.pageSize })
    .int(adminMsg.pageSize)
    .min(1, adminMsg.pageSize)
    .max(100, adminMsg.pageSize)
    .default(adminOrdersPageSize),
});
export type AdminOrderSearchQuery = z.input<typeof adminOrderSearchQuerySchema>;

export const adminOrderLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number(),
  price: z.number(),
  /** Added by decision 039: the variant sold, its option values and SKU as ordered; null on older lines. */
  variantId: z.number().nullable().optional(),
  variant: z.string().nullable().optional(),
  sku: z.string().nullable().optional(),
  /** Added by decision 040: the IMEIs of the units that went to this line (picked by staff). */
  imeis: z.array(z.string()).optional(),
});

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
  fulfilment: z.enum(fulfilments),
  paymentMethod: z.enum(paymentMethods),
  deliveryFee: z.number(),
  /** The recipient's name and phone for a delivery; the account's name (and phone, if any) for a pickup. */
  customerName: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  /** Whether the customer's e-mail is verified (issue 24 finding 7: unverified orders are marked); null when the account was deleted. */
  customerVerified: z.boolean().nullable(),
  /** Added by decision 043: a transfer paid, the courier's cash received, the courier and tracking number. */
  paidAt: z.string().nullable().optional(),
  cashReceivedAt: z.string().nullable().optional(),
  courier: z.string().nullable().optional(),
  trackingNumber: z.string().nullable().optional(),
  trackingUrl: z.string().nullable().optional(),
  /** Issue 29 (decision 049): only on an order with a discount code: the code and what it took off. */
  discount: z.object({ code: z.string(), amount: z.number() }).optional(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/**
 * PATCH /api/admin/orders/{id}'s answer: the order, and (decision 052) the gift cards the move made,
 * with their full codes, this once: at the hand-over ('shipped', or 'delivered' straight from
 * confirmed) staff print each card's insert for the parcel. Left out when the move made none.
 */
export const adminOrderMoveSchema = adminOrderSchema.extend({ giftCards: z.array(issuedGiftCardSchema).optional() });
export type AdminOrderMove = z.infer<typeof adminOrderMoveSchema>;

export const adminOrderPageSchema = z.object({
  orders: z.array(adminOrderSchema),
  /** Orders matching the filter and search, over all pages. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Orders per status matching the search (for the filter's counts). */
  counts: z.record(z.enum(orderStatuses), z.number()),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

export const adminOrderHistoryEntrySchema = orderHistoryEntrySchema.extend({
  /** The staff member's e-mail, or null for the customer. */
  actor: z.string().nullable(),
});

/** GET /api/admin/orders/{id}: one order with everything the detail page and the packing slip show. */
export const adminOrderDetailSchema = adminOrderSchema.extend({
  /** Added by decision 047: where the order came from ('web', or the chat staff turned into it). */
  channel: z.enum(orderChannels).optional(),
  /** Added by decision 048: paid with a gift card, and what is left to pay (only when a card paid part). */
  giftCard: z.object({ paid: z.number(), due: z.number() }).optional(),
  subtotal: z.number(),
  delivery: deliveryDetailsSchema.nullable(),
  note: z.string().nullable(),
  customerEmail: z.string().nullable(),
  history: z.array(adminOrderHistoryEntrySchema),
  /** The statuses staff may move it to now (domain/order-moves nextStaffStatuses). */
  nextStatuses: z.array(orderStatusSchema),
  vatPercent: z.number(),
  vatIncluded: z.number(),
  /**
   * Added by decision 040: the lines whose variant is tracked by IMEI, with the IMEIs they have
   * and the units of their variant in stock to pick from (at confirmation or hand-over).
   */
  serialLines: z
    .array(
      z.object({
        line: z.number(),
        variantId: z.number(),
        name: z.string(),
        quantity: z.number(),
        imeis: z.array(z.string()),
        inStock: z.array(z.string()),
      }),
    )
    .optional(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const lowStockProductSchema = z.object({ id: z.string(), name: z.string(), stock: z.number() });

export const dailySalesSchema = z.object({ date: z.string(), total: z.number(), orders: z.number() });
export type DailySales = z.infer<typeof dailySalesSchema>;

export const adminStatsSchema = z.object({
  totalProducts: z.number(),
  totalOrders: z.number(),
  /** Sum of the orders that are sales (confirmed, shipped or delivered; domain/orders `saleOrderStatuses`), in euros. */
  totalSales: z.number(),
  totalUsers: z.number(),
  /** Today's (in the shop's zone) orders that are sales, in euros. */
  sales_today: z.number(),
  ordersToday: z.number(),
  pendingOrders: z.number(),
  /** Products at or below LOW_STOCK_AT units (domain/orders), fewest first. */
  lowStock: z.array(lowStockProductSchema),
  /** The last 30 days, oldest first, today last; days without sales are 0. */
  daily: z.array(dailySalesSchema),
  /** The repair counter (issue 16): open tickets per status, ready for pickup, average days in repair. */
  repairs: repairStatsSchema,
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const deletedSchema = z.object({ message: z.string(), id: z.union([z.number(), z.string()]) });
