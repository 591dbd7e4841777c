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
