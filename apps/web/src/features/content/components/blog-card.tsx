import { Link } from '../../../lib/router';
import type { BlogPostSummary } from '@shop/shared/schemas/catalogue';
import { formatLongDate } from '@shop/shared/domain/time';
import '../content.css';

/** A post in the blog list; the whole card leads to /blog/{id}. */
export function BlogCard({ post }: { post: BlogPostSummary }) {
  return (
    <article className="blog-card">
      <img src={post.image} alt="" width={800} height={450} loading="lazy" decoding="async" />
      <div className="blog-card-body">
        <time dateTime={post.date}>{formatLongDate(post.date)}</time>
        <h2>
          <Link to={`/blog/${post.id}`}>{post.title}</Link>
        </h2>
        <p>{post.excerpt}</p>
        <span className="blog-more" aria-hidden="true">
          Lexo më shumë →
        </span>
      </div>
    </article>
  );
}
