/**
 * What a page tells search engines and link previews: its title, a short description and the
 * schema.org data (JSON-LD) of a product, a breadcrumb or a blog post. Used by the web app (the
 * document title) and the server (the first HTML of a page), so both say the same.
 */
import { shop } from './shop';
import { stockState } from './orders';
import { isColourOption, isStorageOption, variantTitle } from './variants';

/** 'iPhone 16 Pro 256 GB | MobileShop KS'; the shop's name alone for an empty title. */
export const documentTitle = (title: string): string => (title ? `${title} | ${shop.name}` : shop.name);

/** A description cut to what a result page shows (about 155 characters). */
export const metaSummary = (text: string): string => (text.length > 155 ? `${text.slice(0, 152).trimEnd()}...` : text);

const availability = (stock: number | null): string => {
  const state = stockState(stock).status;
  return `https://schema.org/${state === 'out-of-stock' ? 'OutOfStock' : state === 'low' ? 'LimitedAvailability' : 'InStock'}`;
};

/** schema.org Product with its Offer (price in EUR, availability from the stock). `url` and `images` absolute. */
export function productJsonLd(p: {
  name: string;
  description: string;
  images: string[];
  sku: string | null;
  brand: string;
  price: number;
  stock: number | null;
  url: string;
  /** The average and count of the visible reviews: AggregateRating only when there are some (decision 023). */
  rating?: number;
  reviewCount?: number;
}): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    image: p.images,
    ...(p.sku ? { sku: p.sku } : {}),
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
    ...(p.reviewCount && p.reviewCount > 0 && p.rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.rating.toFixed(1),
            reviewCount: p.reviewCount,
            bestRating: '5',
            worstRating: '1',
          },
        }
      : {}),
    offers: {
      '@type': 'Offer',
      url: p.url,
      price: p.price.toFixed(2),
      priceCurrency: 'EUR',
      availability: availability(p.stock),
      seller: { '@type': 'Organization', name: shop.name },
    },
  };
}

/** What schema.org knows a variant option as (decision 039): colours and storage sizes; other options are not named. */
const variesByOf = (optionName: string): 'color' | 'size' | null =>
  isColourOption(optionName) ? 'color' : isStorageOption(optionName) ? 'size' : null;

/**
 * schema.org ProductGroup of a product with options (decision 039, Google's product variants):
 * `productGroupID`, `variesBy` (color, size) and `hasVariant`, one Product per variant with its
 * name, SKU, GTIN (the barcode) when there is one, colour and size, pictures and its Offer (its
 * price in EUR, availability from its stock as for a product, and its own address
 * `?variant=<id>`). `url` and the pictures absolute.
 */
export function productGroupJsonLd(p: {
  name: string;
  description: string;
  images: string[];
  groupId: string;
  brand: string;
  url: string;
  rating?: number;
  reviewCount?: number;
  options: readonly { name: string }[];
  variants: readonly {
    id: number;
    values: readonly string[];
    sku: string;
    barcode: string | null;
    price: number;
    stock: number | null;
    images: string[];
  }[];
}): Record<string, unknown> {
  const kinds = p.options.map((o) => variesByOf(o.name));
  const single = productJsonLd({ ...p, sku: null, price: 0, stock: null });
  delete single.offers;
  return {
    ...single,
    '@type': 'ProductGroup',
    productGroupID: p.groupId,
    url: p.url,
    variesBy: [...new Set(kinds.flatMap((k) => (k ? [`https://schema.org/${k}`] : [])))],
    hasVariant: p.variants.map((v) => {
      const url = `${p.url}?variant=${v.id}`;
      const named: Record<string, string> = {};
      kinds.forEach((k, i) => {
        if (k && v.values[i] !== undefined && named[k] === undefined) named[k] = v.values[i]!;
      });
      return {
        '@type': 'Product',
        name: `${p.name} (${variantTitle(v.values)})`,
        sku: v.sku,
        ...(v.barcode ? { gtin: v.barcode } : {}),
        ...named,
        image: v.images.length > 0 ? v.images : p.images,
        url,
        offers: {
          '@type': 'Offer',
          url,
          price: v.price.toFixed(2),
          priceCurrency: 'EUR',
          availability: availability(v.stock),
          seller: { '@type': 'Organization', name: shop.name },
        },
      };
    }),
  };
}

/** schema.org BreadcrumbList of absolute addresses, first to last. */
export function breadcrumbJsonLd(items: { name: string; url: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: item.url })),
  };
}

/** schema.org BlogPosting. */
export function blogPostingJsonLd(p: {
  title: string;
  excerpt: string;
  date: string;
  image: string;
  url: string;
}): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: p.title,
    description: p.excerpt,
    datePublished: p.date,
    image: [p.image],
    url: p.url,
    mainEntityOfPage: p.url,
    author: { '@type': 'Organization', name: shop.name },
    publisher: { '@type': 'Organization', name: shop.name },
  };
}

/** schema.org Store (an Organization and a LocalBusiness): the shop's address, opening hours and phone. Addresses absolute. */
export function storeJsonLd(p: { url: string; logo: string; image: string }): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: shop.name,
    url: p.url,
    logo: p.logo,
    image: p.image,
    telephone: shop.phone,
    email: shop.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.street,
      postalCode: shop.postalCode,
      addressLocality: shop.locality,
      addressCountry: shop.countryCode,
    },
    openingHoursSpecification: [
      { '@type': 'OpeningHoursSpecification', dayOfWeek: [...shop.openDayNames], opens: shop.opens, closes: shop.closes },
    ],
    priceRange: '€€',
    currenciesAccepted: 'EUR',
  };
}
