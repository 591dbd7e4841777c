import { blogPostingJsonLd, breadcrumbJsonLd, documentTitle, metaSummary, productJsonLd } from '@shop/shared/domain/seo';
import { breadcrumbCategory, matchProductsPage, productPath } from '@shop/shared/domain/routes';
import { toEuros } from '@shop/shared/domain/money';
import { FALLBACK_IMAGE } from '@shop/shared/domain/catalogue';
import type { DbOrTx } from '../db/client';
import type { PageHead } from '../lib/page-head';
import { findBlogPost } from '../repositories/catalogue';
import { findProduct } from '../repositories/products';

/** An address on the shop: paths made absolute on the public address, https:// kept. */
const absolute = (base: string, ref: string) => (ref.startsWith('/') ? base + ref : ref);

/**
 * What the server says about a shopper page before the web app runs: 404 for a product or a blog
 * post that does not exist (the page then says 'Produkt jo i gjetur' or 'Artikulli nuk u gjet.'),
 * so search engines and link previews drop them; for an existing product or post, its own title,
 * description, canonical address, preview picture and schema.org data (Product with its Offer
 * and BreadcrumbList, BlogPosting). Every other address is 200 with the default head (an unknown
 * path is the spec's redirect to '/', done by the web app).
 */
export async function storefrontPage(db: DbOrTx, base: string, pathname: string): Promise<{ status: 200 | 404; head: PageHead | null }> {
  const products = matchProductsPage(pathname);
  if (products?.kind === 'product') {
    const p = await findProduct(db, products.id);
    if (!p) return { status: 404, head: null };
    const url = base + productPath(p.id);
    const images = (p.images.length > 0 ? p.images : [FALLBACK_IMAGE]).map((i) => absolute(base, i));
    const crumb = breadcrumbCategory(p);
    return {
      status: 200,
      head: {
        title: documentTitle(p.name),
        description: metaSummary(p.description),
        canonical: url,
        image: images[0],
        type: 'product',
        jsonLd: [
          productJsonLd({
            name: p.name,
            description: p.description,
            images,
            sku: p.sku,
            brand: p.brand,
            price: toEuros(p.priceCents),
            stock: p.stock,
            url,
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
  const blog = /^\/blog\/([^/]+)\/?$/i.exec(pathname);
  if (blog) {
    let id: string;
    try {
      id = decodeURIComponent(blog[1]!);
    } catch {
      return { status: 404, head: null };
    }
    const post = await findBlogPost(db, id);
    if (!post) return { status: 404, head: null };
    const url = `${base}/blog/${encodeURIComponent(post.id)}`;
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
