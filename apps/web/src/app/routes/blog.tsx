import { PageShell } from '../../components/ui/page-shell';

export default function BlogPage() {
  return <PageShell title="Blog" />;
}
