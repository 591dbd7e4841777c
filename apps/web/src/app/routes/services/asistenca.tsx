import { PageShell } from '../../../components/ui/page-shell';

export default function AsistencaPage() {
  return <PageShell title="Asistenca mobile" />;
}
