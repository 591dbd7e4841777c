import { NewsletterForm } from '../../components/newsletter-form';
import { PageShell } from '../../components/ui/page-shell';
import { useBlogPosts } from '../../features/content/api/blog-api';
import { BlogCard } from '../../features/content/components/blog-card';
import '../../features/content/content.css';

export default function BlogPage() {
  const { data, isPending, isError } = useBlogPosts();
  const posts = data ?? [];
  return (
    <PageShell
      title="Blog"
      description="Këshilla për telefonat: si të zgjidhni telefonin e duhur, si të kujdeseni për baterinë dhe të rejat nga MobileShop KS."
    >
      <p className="page-intro">Këshilla praktike për telefonin tuaj nga ekipi i MobileShop KS.</p>
      {isPending ? (
        <p className="muted" role="status">
          Duke ngarkuar artikujt...
        </p>
      ) : isError ? (
        <p className="alert alert-error" role="alert">
          Artikujt nuk u ngarkuan. Rifreskoni faqen.
        </p>
      ) : posts.length === 0 ? (
        <p className="empty-state">S&apos;ka artikuj ende.</p>
      ) : (
        <div className="blog-grid">
          {posts.map((p) => (
            <BlogCard key={p.id} post={p} />
          ))}
        </div>
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
