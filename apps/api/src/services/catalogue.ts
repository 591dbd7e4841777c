import { catalogueMsg } from '@shop/shared/messages-catalogue';
import type { BlogPost } from '@shop/shared/schemas/catalogue';
import type { DbOrTx } from '../db/client';
import { findBlogPost } from '../repositories/catalogue';
import { listRelatedCandidates, toListItem, withPhotosAll } from '../repositories/products';
import { findProductByAnyId } from './product-variants';
import { matchingAccessories, relatedProducts } from '@shop/shared/domain/related';
import { toEuros } from '@shop/shared/domain/money';
import type { RelatedProducts } from '@shop/shared/schemas/product';
import { NotFound } from './errors';

/** A blog post by id (any letter case). */
export async function getBlogPost(db: DbOrTx, id: string): Promise<BlogPost> {
  const post = await findBlogPost(db, id);
  if (!post) throw new NotFound(catalogueMsg.blogPostNotFound);
  return post;
}

/**
 * The product page's two rows (issue 18): related products and, for a phone, matching
 * accessories, chosen by domain/related.ts from the candidates the repository narrows in SQL.
 * Undefined when the shop has no such product.
 */
export async function relatedTo(db: DbOrTx, id: string): Promise<RelatedProducts | undefined> {
  // An old id (before the seed grouped phones) shows its product's rows.
  const product = (await findProductByAnyId(db, id))?.product;
  if (!product) return undefined;
  const rows = await listRelatedCandidates(db, product);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const candidates = (await withPhotosAll(db, [...byId.values()])).map((r) => ({ ...r, price: toEuros(r.priceCents) }));
  const subject = { ...product, price: toEuros(product.priceCents) };
  return {
    related: relatedProducts(subject, candidates).map(toListItem),
    accessories: matchingAccessories(subject, candidates).map(toListItem),
  };
}
