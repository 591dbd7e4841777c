import { z } from '../zod-sq';
import { categorySchema, collectionSchema } from './common';
import { publicStockSchema } from './order';

/**
 * One picture of a product's gallery (issue 17): an uploaded photo with its copies in several
 * widths (`srcset`, and `avifSrcset` when AVIF pays, decision 019), or an image link (no srcset).
 */
export const galleryImageSchema = z.object({
  /** The copy for a plain `src` (about 640 px wide), or the link. */
  src: z.string(),
  /** WebP copies: "url 320w, url 640w, ..."; null for an image link. */
  srcset: z.string().nullable(),
  /** AVIF copies in the same widths, when they are smaller enough to pay; else null. */
  avifSrcset: z.string().nullable(),
  /** The largest copy's size in pixels; null for an image link. */
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;

/** A product as the public list answers it (product.md §7: GET /api/products). */
export const productListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  desc: z.string(),
  price: z.number(),
  oldPrice: z.number().nullable(),
  image: z.string(),
  /** The first picture's copies when it is an uploaded photo (issue 17); null for a link or none. */
  imageSrcset: z.string().nullable(),
  imageAvifSrcset: z.string().nullable(),
  category: categorySchema,
  /** 'Në stok', 'Vetëm N të mbetura' or "S'ka në stok" (domain/orders stockState). */
  stock: publicStockSchema,
  /** The average of the visible reviews (0 while there are none) and their count (decision 023). */
  rating: z.number(),
  reviewCount: z.number().int(),
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
  /** The pictures in order: the uploaded photos first, then the image links (`images` is their `src`). */
  gallery: z.array(galleryImageSchema),
  /** The average of the visible reviews, one decimal; 0 while there are none (decision 023). */
  rating: z.number(),
  /** How many visible reviews: with 0 the page shows no stars at all. */
  reviewCount: z.number().int(),
  specs: z.record(z.string(), z.string()),
  stock: publicStockSchema,
});
export type Product = z.infer<typeof productSchema>;

/** GET /api/products/{id}/related: the product page's two rows (domain/related.ts). */
export const relatedProductsSchema = z.object({
  related: z.array(productListItemSchema),
  accessories: z.array(productListItemSchema),
});
export type RelatedProducts = z.infer<typeof relatedProductsSchema>;
