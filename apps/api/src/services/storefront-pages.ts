import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  documentTitle,
  metaSummary,
  productGroupJsonLd,
  productJsonLd,
  storeJsonLd,
} from '@shop/shared/domain/seo';
import {
  BLOG_PATH,
  blogPostPath,
  breadcrumbCategory,
  indexedPagePaths,
  matchBlogPost,
  matchProductsPage,
  PRODUCTS_PATH,
  productPath,
} from '@shop/shared/domain/routes';
import { toEuros } from '@shop/shared/domain/money';
import { FALLBACK_IMAGE, productIdKey } from '@shop/shared/domain/catalogue';
import type { DbOrTx } from '../db/client';
import type { PageHead } from '../lib/page-head';
import { findBlogPost } from '../repositories/catalogue';
import { findProductByAnyId } from './product-variants';
import { toGalleryImage } from '../repositories/product-images';
import { loadVariants } from '../repositories/variants';

/** An address on the shop: paths made absolute on the public address, https:// kept. */
const absolute = (base: string, ref: string) => (ref.startsWith('/') ? base + ref : ref);

/** The picture link previews show for a page without its own (the home page's hero). */
export const DEFAULT_PREVIEW_IMAGE = '/video/hero-poster.webp';

/**
 * What the database says about a shopper page before it is rendered: 404 for a product or a blog
 * post that does not exist (the page then says 'Produkt jo i gjetur' or 'Artikulli nuk u gjet.'),
 * so search engines and link previews drop them; for an existing product or post, its own title,
 * description, canonical address, preview picture and schema.org data (Product with its Offer
 * and BreadcrumbList, BlogPosting); for the home page the shop itself (Store: address, opening
 * hours, phone). Every other address is 200 with nothing of its own (an unknown path is the
 * spec's redirect to '/', done by the web app; a rendered page names itself). A product's old id
 * (before the seed grouped phones, issue 27) is its product's page, 200, whose canonical address is
 * the product's with the variant the old id meant (or the one `?variant=` names).
 */
export async function storefrontPage(
  db: DbOrTx,
  base: string,
  pathname: string,
  query: URLSearchParams = new URLSearchParams(),
): Promise<{ status: 200 | 404; head: Partial<PageHead> | null }> {
  if (pathname === '/') {
    return {
      status: 200,
      head: { jsonLd: [storeJsonLd({ url: `${base}/`, logo: `${base}/images/logo.svg`, image: base + DEFAULT_PREVIEW_IMAGE })] },
    };
  }
  const products = matchProductsPage(pathname);
  if (products?.kind === 'product') {
    const found = await findProductByAnyId(db, products.id);
    if (!found) return { status: 404, head: null };
    const p = found.product;
    const url = base + productPath(p.id);
    // Asked by an old id: the canonical address names the variant shown.
    const asked = query.get('variant');
    const oldId = productIdKey(products.id) !== productIdKey(p.id);
    const oldIdVariant = !oldId ? null : asked !== null && /^\d{1,10}$/.test(asked) ? asked : found.variantId;
    const images = (p.images.length > 0 ? p.images : [FALLBACK_IMAGE]).map((i) => absolute(base, i));
    const crumb = breadcrumbCategory(p);
    // A product with options is a ProductGroup with a Product per variant (decision 039).
    const { options, variants } = p.variantCount > 1 ? await loadVariants(db, p.id) : { options: [], variants: [] };
    const photoById = new Map(p.photos.map((ph) => [ph.id, ph]));
    return {
      status: 200,
      head: {
        title: documentTitle(p.name),
        description: metaSummary(p.description),
        canonical: oldIdVariant === null ? url : `${url}?variant=${oldIdVariant}`,
        image: images[0],
        type: 'product',
        jsonLd: [
          options.length > 0
            ? productGroupJsonLd({
                name: p.name,
                description: p.description,
                images,
                groupId: p.sku || p.id,
                brand: p.brand,
                url,
                rating: p.rating,
                reviewCount: p.reviewCount,
                options,
                variants: variants.map((v) => ({
                  id: v.id,
                  values: v.values,
                  sku: v.sku,
                  barcode: v.barcode,
                  price: toEuros(v.priceCents),
                  stock: v.stock,
                  images: v.imageIds.flatMap((id) => {
                    const photo = photoById.get(id);
                    return photo ? [absolute(base, toGalleryImage(photo).src)] : [];
                  }),
                })),
              })
            : productJsonLd({
                name: p.name,
                description: p.description,
                images,
                sku: p.sku,
                brand: p.brand,
                price: toEuros(p.priceCents),
                stock: p.stock,
                url,
                rating: p.rating,
                reviewCount: p.reviewCount,
              }),
          breadcrumbJsonLd([
            { name: 'Ballina', url: `${base}/` },
            { name: crumb.label, url: base + crumb.to },
            { name: p.name, url },
          ]),
        ],
      },
    };
  }
  const postId = matchBlogPost(pathname);
  if (postId === null) return { status: 404, head: null };
  if (postId !== undefined) {
    const post = await findBlogPost(db, postId);
    if (!post) return { status: 404, head: null };
    const url = base + blogPostPath(post.id);
    const image = absolute(base, post.image);
    return {
      status: 200,
      head: {
        title: documentTitle(post.title),
        description: post.excerpt,
        canonical: url,
        image,
        type: 'article',
        jsonLd: [blogPostingJsonLd({ title: post.title, excerpt: post.excerpt, date: post.date, image, url })],
      },
    };
  }
  return { status: 200, head: null };
}

const keptPaths = new Set(indexedPagePaths.filter((p) => p !== BLOG_PATH));

/**
 * Whether the rendered page at `pathname` is kept between product changes: pages made from the
 * products (home, product list, catalogues, product pages) and the fixed pages. Blog pages,
 * search results, the cart and checkout are rendered for each request.
 */
export const isKeptPage = (pathname: string): boolean => keptPaths.has(pathname) || matchProductsPage(pathname)?.kind === 'product';

/**
 * Route patterns of the shopper pages, answered directly (any other page address reaches the same
 * answer after the static files have been looked up on disk, which costs more than a kept page).
 */
export const storefrontRoutes: readonly string[] = [
  ...indexedPagePaths.filter((p) => p !== '/'),
  `${PRODUCTS_PATH}/:id`,
  `${BLOG_PATH}/:id`,
];
