import { PageShell } from '../../components/ui/page-shell';

export default function HomePage() {
  return <PageShell title="Ballina" />;
}
