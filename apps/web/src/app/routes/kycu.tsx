import { PageShell } from '../../components/ui/page-shell';

export default function KycuPage() {
  return <PageShell title="Kyçu" />;
}
