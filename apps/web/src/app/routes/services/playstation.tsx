import { PageShell } from '../../../components/ui/page-shell';

export default function PlaystationPage() {
  return <PageShell title="Pjesë PlayStation" />;
}
