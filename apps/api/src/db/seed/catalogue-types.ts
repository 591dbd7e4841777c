export type Category = 'phone' | 'case' | 'giftcard' | 'accessory';
export type Collection = 'home' | 'iphone' | 'samsung' | 'accessories';

export interface SeedProduct {
  /** Slug, lowercase, unique across all products, e.g. 'iphone-16-pro-max'. */
  id: string;
  name: string;
  /** Albanian, 1-2 sentences. */
  description: string;
  /** Watches are filed under 'phone', earbuds under 'case'. */
  category: Category;
  collection: Collection;
  brand: string;
  /** '100001'..'100024' on the home list (in order); null or other 6-digit values elsewhere. */
  sku: string | null;
  /** Whole euros. */
  price: number;
  /** Whole euros; shown struck through only when higher than price. */
  oldPrice?: number;
  /** 1-3 site paths; the first is used on cards. */
  images: string[];
  /** Albanian label -> value. */
  specs: Record<string, string>;
  /**
   * Options and variants (issue 27, decision 039): a phone sold in colours ('Ngjyra') and storage
   * sizes ('Memoria'). Without them the product has its one default variant (the trigger of
   * migration 0012). The default variant's price and old price are the product's own.
   */
  variants?: SeedVariants;
}

/** A seeded product's options, in order, and its variants (one per combination sold). */
export interface SeedVariants {
  options: { name: 'Ngjyra' | 'Memoria'; values: string[] }[];
  variants: SeedVariant[];
}

export interface SeedVariant {
  /** One value per option, in the options' order. */
  values: string[];
  /** Unique in any letter case: the default keeps the product's ('100001'), the others '100001-TZ-512'. */
  sku: string;
  /** Whole euros. */
  price: number;
  /** Whole euros; shown struck through only when higher than price. */
  oldPrice?: number;
  /** Units on the shelf. */
  stock: number;
  /** Exactly one variant per product is the default; its price is the product's. */
  isDefault?: boolean;
  /**
   * The id of the product this variant was before the seed grouped phones that differ only in
   * storage (e.g. 'iphone-16-pro-max-512gb'): the old id keeps answering with this variant.
   */
  was?: string;
}

export interface SeedGiftCard {
  id: number;
  name: string;
  desc: string;
  price: number;
  image: string;
}

export interface SeedBlogPost {
  id: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  excerpt: string;
  image: string;
  /** Simple HTML: <p>, <h2>, <ul><li>, <strong> only. */
  content: string;
}
