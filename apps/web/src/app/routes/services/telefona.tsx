import { PageShell } from '../../../components/ui/page-shell';

export default function TelefonaPage() {
  return <PageShell title="Pjesë telefonash" />;
}
