import { PageShell } from '../../components/ui/page-shell';

export default function TermsPage() {
  return <PageShell title="Kushtet & Kujdesi ndaj Klientit" />;
}
