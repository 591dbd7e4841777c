import { PageShell } from '../../components/ui/page-shell';

export default function BlogPostPage() {
  return <PageShell title="Blog" />;
}
