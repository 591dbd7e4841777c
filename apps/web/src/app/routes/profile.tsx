import { PageShell } from '../../components/ui/page-shell';

export default function ProfilePage() {
  return <PageShell title="Profili im" />;
}
