import { PageShell } from '../../components/ui/page-shell';

export default function RegisterPage() {
  return <PageShell title="Regjistrohu" />;
}
