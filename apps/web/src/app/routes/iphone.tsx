import { PageShell } from '../../components/ui/page-shell';

export default function IphonePage() {
  return <PageShell title="iPhone" />;
}
