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

/** An option as the product page and the staff read it. */
export const productOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  values: z.array(z.object({ id: z.number(), value: z.string() })),
});

/** A variant as the product page reads it (GET /api/products/{id}, added field `variants`). */
export const productVariantSchema = z.object({
  id: z.number(),
  /** The value of each option, in the options' order. */
  values: z.array(z.string()),
  /** 'Titanium i zi / 512 GB'; '' for a product without options. */
  title: z.string(),
  sku: z.string(),
  price: z.number(),
  oldPrice: z.number().nullable(),
  stock: publicStockSchema,
  isDefault: z.boolean(),
  /** Its own photos (a colour's); empty: the product's gallery. */
  gallery: z.array(galleryImageSchema),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

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
  /**
   * Added by decision 039: the lowest and highest price of the product's variants (equal to
   * `price` for a product without options; cards show 'nga …' when they differ).
   */
  priceFrom: z.number().optional(),
  priceTo: z.number().optional(),
  /**
   * Added by decision 039: the colours of a product with a colour option ('Ngjyra'), in the
   * option's order, each with its swatch (domain/variants colourSwatches); absent otherwise.
   */
  colors: z.array(z.object({ name: z.string(), hex: z.string().nullable() })).optional(),
  /** Added by decision 039: true when the product has variants to choose from (the card links to its page); absent otherwise. */
  hasOptions: z.literal(true).optional(),
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
  /** Added by decision 039 (as the list's): the variants' lowest and highest price. */
  priceFrom: z.number().optional(),
  priceTo: z.number().optional(),
  /** Added by decision 039: the options in order ([] without options) and every variant, the default first. */
  options: z.array(productOptionSchema).optional(),
  variants: z.array(productVariantSchema).optional(),
  /**
   * Added by issue 27: asked by an id the product had before the seed grouped phones that differ
   * only in storage ('iphone-16-pro-max-512gb'), the variant that id meant (the page chooses it
   * unless the address names another).
   */
  selectedVariantId: z.number().int().optional(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /api/products/{id}/related: the product page's two rows (domain/related.ts). */
export const relatedProductsSchema = z.object({
  related: z.array(productListItemSchema),
  accessories: z.array(productListItemSchema),
});
export type RelatedProducts = z.infer<typeof relatedProductsSchema>;
