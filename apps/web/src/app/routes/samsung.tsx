import { PageShell } from '../../components/ui/page-shell';

export default function SamsungPage() {
  return <PageShell title="Samsung" />;
}
