import { matchProductsPage } from '@shop/shared/domain/routes';
import type { DbOrTx } from '../db/client';
import { findBlogPost } from '../repositories/catalogue';
import { findProduct } from '../repositories/products';

/**
 * The HTTP status of a shopper page the web app renders: 404 for a product or a blog post that
 * does not exist (the page then says 'Produkt jo i gjetur' or 'Artikulli nuk u gjet.'), so search
 * engines and link previews do not keep them; 200 for every other address (an unknown path is the
 * spec's redirect to '/', done by the web app).
 */
export async function storefrontPageStatus(db: DbOrTx, pathname: string): Promise<200 | 404> {
  const products = matchProductsPage(pathname);
  if (products?.kind === 'product') return (await findProduct(db, products.id)) ? 200 : 404;
  const blog = /^\/blog\/([^/]+)\/?$/i.exec(pathname);
  if (blog) {
    let id: string;
    try {
      id = decodeURIComponent(blog[1]!);
    } catch {
      return 404;
    }
    return (await findBlogPost(db, id)) ? 200 : 404;
  }
  return 200;
}
