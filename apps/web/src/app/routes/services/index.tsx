import { PageShell } from '../../../components/ui/page-shell';

export default function ServicesPage() {
  return <PageShell title="Shërbimet" />;
}
