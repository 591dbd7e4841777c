import { PageShell } from '../../components/ui/page-shell';

export default function WarrantyPage() {
  return <PageShell title="Garancionet" />;
}
