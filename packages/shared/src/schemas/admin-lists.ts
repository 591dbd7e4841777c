import { z } from '../zod-sq';
import { adminMsg } from '../messages-admin';
import { listsMsg } from '../messages-lists';
import {
  adminListMaxPageSize,
  adminListPageSize,
  isCalendarDay,
  listSorts,
  maxRangeDays,
  rangeDays,
  sortDirections,
} from '../domain/admin-lists';
import { orderStatuses } from '../domain/orders';
import { categorySchema } from './common';
import { adminOrderSearchQuerySchema, adminProductSchema, adminUserSchema, dailySalesSchema } from './admin';
import { warrantySheetSchema } from './warranty';

const page = z.coerce.number({ error: adminMsg.page }).int(adminMsg.page).min(1, adminMsg.page).max(100_000, adminMsg.page).default(1);
const pageSize = z.coerce
  .number({ error: adminMsg.pageSize })
  .int(adminMsg.pageSize)
  .min(1, adminMsg.pageSize)
  .max(adminListMaxPageSize, adminMsg.pageSize)
  .default(adminListPageSize);
const q = z.string({ error: adminMsg.search }).trim().max(200, adminMsg.search).optional();
const dir = z.enum(sortDirections, { error: listsMsg.dir }).optional();

/** The query of a searchable, sorted, paged admin list: `q`, `sort` (one of the list's), `dir`, `page`, `pageSize`. */
function listQuerySchema<const S extends readonly [string, ...string[]]>(sorts: S) {
  return z.object({
    q,
    sort: z.enum(sorts, { error: listsMsg.sort }).optional(),
    dir,
    page,
    pageSize,
  });
}

/** GET /api/admin/products/search */
export const productListQuerySchema = listQuerySchema(listSorts.products);
/** GET /api/admin/users_new/search */
export const userListQuerySchema = listQuerySchema(listSorts.users);
/** GET /api/admin/warranty/search */
export const warrantyListQuerySchema = listQuerySchema(listSorts.warranty);
/** GET /api/admin/orders/search: its status, q, page and pageSize, and now a sort. */
export const adminOrderListQuerySchema = adminOrderSearchQuerySchema.extend({
  sort: z.enum(listSorts.orders, { error: listsMsg.sort }).optional(),
  dir,
});

const pageOf = <T extends z.ZodType>(items: T) =>
  z.object({
    items: z.array(items),
    /** Rows matching the search, over all pages. */
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  });

/**
 * A product of the staff's paged list: the product and, added by issue 27, how many variants it
 * has and the titles of those at or below LOW_STOCK_AT units (domain/orders; '' for a product
 * without options), in the variants' order. `stock` stays the variants' units summed (null: one is
 * not tracked).
 */
export const adminProductListItemSchema = adminProductSchema.extend({
  variantCount: z.number(),
  lowStockVariants: z.array(z.string()),
});
export type AdminProductListItem = z.infer<typeof adminProductListItemSchema>;

export const adminProductPageSchema = pageOf(adminProductListItemSchema);
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;
export const warrantyPageSchema = pageOf(warrantySheetSchema);
export type WarrantyPage = z.infer<typeof warrantyPageSchema>;

/** A day in the shop's zone, YYYY-MM-DD, a real calendar day. */
const day = (message: string) => z.string({ error: message }).refine(isCalendarDay, { message });

/**
 * `from` and `to`, days in the shop's zone (domain/time), both included, at most maxRangeDays
 * apart. Both are required for an export; the statistics take the last 30 days when both are left out.
 */
const range = z
  .object({ from: day(listsMsg.from), to: day(listsMsg.to) })
  .refine((r) => r.from <= r.to, { message: listsMsg.rangeOrder, path: ['from'] })
  .refine((r) => rangeDays(r.from, r.to) <= maxRangeDays, { message: listsMsg.rangeTooLong, path: ['to'] });

/** GET /api/admin/export/{kind}.csv?from=&to= */
export const exportQuerySchema = range;
export type ExportQuery = z.output<typeof exportQuerySchema>;

/** GET /api/admin/stats/range?from=&to= : both or neither. */
export const statsRangeQuerySchema = z
  .object({ from: day(listsMsg.from).optional(), to: day(listsMsg.to).optional() })
  .refine((r) => (r.from === undefined) === (r.to === undefined), { message: listsMsg.rangeOrder, path: ['from'] })
  .refine((r) => r.from === undefined || r.to === undefined || r.from <= r.to, { message: listsMsg.rangeOrder, path: ['from'] })
  .refine((r) => r.from === undefined || r.to === undefined || rangeDays(r.from, r.to) <= maxRangeDays, {
    message: listsMsg.rangeTooLong,
    path: ['to'],
  });

export const categoryRevenueSchema = z.object({
  /** Null: products deleted since (their lines keep no category). */
  category: categorySchema.nullable(),
  total: z.number(),
  units: z.number(),
});
export const topProductSchema = z.object({ id: z.string(), name: z.string(), units: z.number(), total: z.number() });
/** A variant among the best-sellers (issue 27): the product, the variant's values and SKU as sold ('' on lines without options). */
export const topVariantSchema = z.object({
  productId: z.string(),
  name: z.string(),
  variant: z.string(),
  sku: z.string().nullable(),
  units: z.number(),
  total: z.number(),
});

/**
 * Sales by channel (issue 28, 'Sipas kanalit'): online (the site and the orders staff placed from a
 * chat) and the counter. `sales`: orders or counter sales that count as sales; `total` their sum;
 * `refunds` what the counter's returns in the range gave back; `net` = total − refunds (euros).
 */
export const salesChannels = ['online', 'counter'] as const;
export const channelSalesSchema = z.object({
  channel: z.enum(salesChannels),
  sales: z.number(),
  total: z.number(),
  refunds: z.number(),
  net: z.number(),
});
export type ChannelSales = z.infer<typeof channelSalesSchema>;

/** The statistics of a range of days: the sales chart, revenue by category, the top 10 products, orders by status, the average order. */
export const statsRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first; sales leave out cancelled orders. */
  daily: z.array(dailySalesSchema),
  /** Orders that count as sales (not cancelled) and their sum, in euros. */
  orders: z.number(),
  total: z.number(),
  /** total / orders, in euros (0 without orders). */
  averageOrderValue: z.number(),
  /** Lines of orders that count as sales, by the product's category, largest first (no delivery fees). */
  byCategory: z.array(categoryRevenueSchema),
  /** The 10 products with the most revenue in the range, then the most units. */
  topProducts: z.array(topProductSchema),
  /** Added by issue 27: the 10 variants with the most revenue (lines by their variant), then the most units. */
  topVariants: z.array(topVariantSchema),
  /** Every order placed in the range, per status (cancelled ones too). */
  byStatus: z.record(z.enum(orderStatuses), z.number()),
  /** Added by issue 28: online and at the counter ('Sipas kanalit'). */
  byChannel: z.array(channelSalesSchema),
});
export type StatsRange = z.infer<typeof statsRangeSchema>;
