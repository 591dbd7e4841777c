import { PageShell } from '../../../components/ui/page-shell';

export default function MirembajtjaPage() {
  return <PageShell title="Kontrata e mirëmbajtjes" />;
}
