import { NewsletterForm } from '../../components/newsletter-form';
import { PageShell } from '../../components/ui/page-shell';
import { useBlogPosts } from '../../features/content/api/blog-api';
import { BlogCard } from '../../features/content/components/blog-card';
import { ListFailed, QueryState } from '../../components/ui/query-state';
import '../../features/content/content.css';

export default function BlogPage() {
  const { data, isPending, isError, refetch } = useBlogPosts();
  const posts = data ?? [];
  return (
    <PageShell
      title="Blog"
      description="Këshilla për telefonat: si të zgjidhni telefonin e duhur, si të kujdeseni për baterinë dhe të rejat nga MobileShop KS."
    >
      <p className="page-intro">Këshilla praktike për telefonin tuaj nga ekipi i MobileShop KS.</p>
      {isError && !data ? (
        <ListFailed onRetry={() => void refetch()} />
      ) : (
        <QueryState
          isPending={isPending}
          loadingText="Duke ngarkuar artikujt..."
          isEmpty={posts.length === 0}
          empty={<p className="empty-state">S&apos;ka artikuj ende.</p>}
        >
          <div className="blog-grid">
            {posts.map((p) => (
              <BlogCard key={p.id} post={p} />
            ))}
          </div>
        </QueryState>
      )}
      <section className="newsletter-box" aria-labelledby="newsletter-title">
        <div>
          <h2 id="newsletter-title">Abonohu në buletinin tonë</h2>
          <p>Ofertat, modelet e reja dhe këshillat tona, direkt në email. Pa spam.</p>
        </div>
        <NewsletterForm idPrefix="blog" />
      </section>
    </PageShell>
  );
}
