import { PageShell } from '../../../components/ui/page-shell';
import { DayCloseScreen } from '../../../features/day-close/components/day-close-screen';

/** /admin/mbyllja-e-dites: closing a till's day 'Mbyllja e ditës' (issue 28, decision 051). */
export default function AdminDayClosePage() {
  return (
    <PageShell title="Mbyllja e ditës">
      <DayCloseScreen />
    </PageShell>
  );
}
