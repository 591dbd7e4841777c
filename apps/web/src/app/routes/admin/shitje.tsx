import { PageShell } from '../../../components/ui/page-shell';
import { CounterTill } from '../../../features/counter/components/counter-till';

/** /admin/shitje: the counter sale 'Shitje në dyqan' (issue 28, decision 044). */
export default function AdminCounterPage() {
  return (
    <PageShell title="Shitje në dyqan">
      <CounterTill />
    </PageShell>
  );
}
