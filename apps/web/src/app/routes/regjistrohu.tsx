import { PageShell } from '../../components/ui/page-shell';

export default function RegjistrohuPage() {
  return <PageShell title="Regjistrohu" />;
}
