import { PageShell } from '../../components/ui/page-shell';

export default function LoginPage() {
  return <PageShell title="Kyçu" />;
}
