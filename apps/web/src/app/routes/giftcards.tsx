import { PageShell } from '../../components/ui/page-shell';

export default function GiftCardsPage() {
  return <PageShell title="Karta dhuratë" />;
}
