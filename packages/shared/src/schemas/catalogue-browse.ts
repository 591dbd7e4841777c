import { z } from '../zod-sq';
import { browseLimits, browseSorts } from '../domain/catalogue-browse';
import { categories } from '../domain/catalogue';
import { variantLimits } from '../domain/variants';
import { browseMsg } from '../messages-browse';
import { productListItemSchema } from './product';

/** A query value that may come once or repeated (`brand=Apple&brand=Samsung`): always a list. */
const many = <T extends z.ZodType>(item: T, message: string) =>
  z
    .union([item, z.array(item).max(browseLimits.maxValues, message)], { error: message })
    .transform((v): z.output<T>[] => (Array.isArray(v) ? v : [v]));

const price = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,7}([.,]\d{1,2})?$/, message)
    .transform((v) => Number(v.replace(',', '.')))
    .pipe(z.number().min(0, message).max(browseLimits.maxPrice, message));

/**
 * GET /api/products/browse (decision 022): one page of the catalogue or of a search, with the
 * total and the counts per facet. Unknown parameters are ignored (decision 011).
 */
export const browseQuerySchema = z
  .object({
    q: z.string({ error: browseMsg.query }).trim().max(browseLimits.maxQuery, browseMsg.query).optional(),
    sort: z.enum(browseSorts, { error: browseMsg.sort }).optional(),
    brand: many(
      z.string({ error: browseMsg.brand }).trim().min(1, browseMsg.brand).max(browseLimits.maxBrand, browseMsg.brand),
      browseMsg.brand,
    ).optional(),
    storage: many(
      z
        .string({ error: browseMsg.storage })
        .regex(/^\d{1,7}$/, browseMsg.storage)
        .transform(Number)
        .pipe(z.number().int().min(1, browseMsg.storage).max(browseLimits.maxStorageGb, browseMsg.storage)),
      browseMsg.storage,
    ).optional(),
    color: many(
      z.string({ error: browseMsg.color }).trim().min(1, browseMsg.color).max(variantLimits.optionValue, browseMsg.color),
      browseMsg.color,
    ).optional(),
    min: price(browseMsg.min).optional(),
    max: price(browseMsg.max).optional(),
    inStock: z.enum(['0', '1', 'true', 'false'], { error: browseMsg.inStock }).optional(),
    category: z.enum(categories, { error: browseMsg.category }).optional(),
    page: z
      .string({ error: browseMsg.page })
      .regex(/^\d{1,6}$/, browseMsg.page)
      .transform(Number)
      .pipe(z.number().int().min(1, browseMsg.page).max(browseLimits.maxPage, browseMsg.page))
      .optional(),
    pageSize: z
      .string({ error: browseMsg.pageSize })
      .regex(/^\d{1,3}$/, browseMsg.pageSize)
      .transform(Number)
      .pipe(z.number().int().min(1, browseMsg.pageSize).max(browseLimits.maxPageSize, browseMsg.pageSize))
      .optional(),
  })
  .refine((v) => v.min === undefined || v.max === undefined || v.min <= v.max, { message: browseMsg.minAboveMax, path: ['min'] });
export type BrowseQuery = z.output<typeof browseQuerySchema>;

const facetCount = <T extends z.ZodType>(value: T) => z.object({ value, count: z.number().int() });

/** The answer: the page's products (as the list answers them), the total, and the facets' counts. */
export const browseAnswerSchema = z.object({
  items: z.array(productListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  /** The order applied (a request without one: relevance with a search text, else newest). */
  sort: z.enum(browseSorts),
  /**
   * Counts per facet value. Each facet counts the products that match every other chosen facet
   * (and the search text), so choosing a brand still shows how many the other brands have.
   */
  facets: z.object({
    brands: z.array(facetCount(z.string())),
    storage: z.array(facetCount(z.number().int()).extend({ label: z.string() })),
    /** Added by decision 039: the colours of the variants (option 'Ngjyra'), each with its swatch (null: none known). */
    colors: z.array(facetCount(z.string()).extend({ hex: z.string().nullable() })),
    prices: z.array(facetCount(z.number().int()).extend({ min: z.number(), max: z.number().nullable(), label: z.string() })),
    categories: z.array(facetCount(z.enum(categories)).extend({ label: z.string() })),
    inStock: z.number().int(),
  }),
});
export type BrowseAnswer = z.infer<typeof browseAnswerSchema>;
