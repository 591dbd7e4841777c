import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Link, useParams } from '../../lib/router';
import { catalogueMsg } from '@shop/shared/messages-catalogue';
import { PageShell } from '../../components/ui/page-shell';
import { useBlogPost } from '../../features/content/api/blog-api';
import { formatLongDate } from '@shop/shared/domain/time';
import { LoadingNote } from '../../components/ui/query-state';
import '../../features/content/content.css';

const BackLink = () => (
  <Link to="/blog" className="back-link">
    ← Kthehu te blogu
  </Link>
);

export default function BlogPostPage() {
  const { id = '' } = useParams();
  const { data: post, isPending } = useBlogPost(id);
  // The HTML comes from our database, but is still rendered only after sanitising it.
  const html = useMemo(() => (post ? DOMPurify.sanitize(post.content, { USE_PROFILES: { html: true } }) : ''), [post]);

  if (isPending) {
    return (
      <PageShell title="Blog" heading={null}>
        <LoadingNote text="Duke ngarkuar artikullin..." />
      </PageShell>
    );
  }
  if (!post) {
    const missing = post === null;
    return (
      <PageShell
        title={missing ? catalogueMsg.blogPostNotFound : 'Blog'}
        heading={null}
        description="Artikulli që kërkuat nuk ekziston. Shihni artikujt e tjerë në blogun e MobileShop KS."
      >
        <div className="not-found">
          <h1 className="page-title">{missing ? catalogueMsg.blogPostNotFound : 'Artikulli nuk u ngarkua.'}</h1>
          <BackLink />
        </div>
      </PageShell>
    );
  }
  return (
    <PageShell title={post.title} heading={null} description={post.excerpt} className="blog-post-page">
      <article className="blog-post">
        <BackLink />
        <header>
          <time dateTime={post.date}>{formatLongDate(post.date)}</time>
          <h1>{post.title}</h1>
        </header>
        <img src={post.image} alt="" width={800} height={450} fetchPriority="high" />
        <div className="blog-content" dangerouslySetInnerHTML={{ __html: html }} />
        <BackLink />
      </article>
    </PageShell>
  );
}
