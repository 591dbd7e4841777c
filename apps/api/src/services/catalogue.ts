import { catalogueMsg } from '@shop/shared/messages-catalogue';
import type { BlogPost } from '@shop/shared/schemas/catalogue';
import type { DbOrTx } from '../db/client';
import { findBlogPost } from '../repositories/catalogue';
import { NotFound } from './errors';

/** A blog post by id (any letter case). */
export async function getBlogPost(db: DbOrTx, id: string): Promise<BlogPost> {
  const post = await findBlogPost(db, id);
  if (!post) throw new NotFound(catalogueMsg.blogPostNotFound);
  return post;
}
