import { Link, useSearchParams } from '../../../lib/router';
import { REPAIRS_ADMIN_PATH } from '@shop/shared/domain/routes';
import { repairScreenMessages as t } from '@shop/shared/messages-repairs';
import { PageShell } from '../../../components/ui/page-shell';
import { RepairIntake } from '../../../features/repairs/components/repair-intake';
import { positiveParam } from '../../../lib/use-list-params';

/** /admin/riparimet/e-re: the intake form; `?garancioni=ID` opens it as a claim on a warranty sheet. */
export default function AdminRepairNewPage() {
  const [params] = useSearchParams();
  const sheetId = positiveParam(params.get('garancioni')) ?? null;
  return (
    <PageShell title={t.newTicket}>
      <p className="admin-back-top">
        <Link to={REPAIRS_ADMIN_PATH} className="order-back">
          {t.back}
        </Link>
      </p>
      <RepairIntake key={sheetId ?? 'new'} sheetId={sheetId} />
    </PageShell>
  );
}
