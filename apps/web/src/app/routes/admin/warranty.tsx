import { PageShell } from '../../../components/ui/page-shell';

export default function AdminWarrantyPage() {
  return <PageShell title="Garancionet" />;
}
