import { PageShell } from '../../components/ui/page-shell';

export default function SearchPage() {
  return <PageShell title="Kërkimi" />;
}
