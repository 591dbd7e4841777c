import { z } from '../zod-sq';
import { categorySchema, collectionSchema } from './common';
import { publicStockSchema } from './order';

/** A product as the public list answers it (product.md §7: GET /api/products). */
export const productListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  desc: z.string(),
  price: z.number(),
  oldPrice: z.number().nullable(),
  image: z.string(),
  category: categorySchema,
  /** 'Në stok', 'Vetëm N të mbetura' or "S'ka në stok" (domain/orders stockState). */
  stock: publicStockSchema,
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

/** A product with everything the detail page shows (product.md §3: static product). */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: categorySchema,
  collection: collectionSchema.nullable(),
  brand: z.string(),
  sku: z.string().nullable(),
  price: z.number(),
  oldPrice: z.number().nullable(),
  images: z.array(z.string()),
  image: z.string(),
  rating: z.number(),
  specs: z.record(z.string(), z.string()),
  stock: publicStockSchema,
});
export type Product = z.infer<typeof productSchema>;
