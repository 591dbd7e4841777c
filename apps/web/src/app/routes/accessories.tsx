import { PageShell } from '../../components/ui/page-shell';

export default function AccessoriesPage() {
  return <PageShell title="Aksesorë" />;
}
