import { PageShell } from '../../../components/ui/page-shell';

export default function ServisiPage() {
  return <PageShell title="Servisi" />;
}
