import { PageShell } from '../../../components/ui/page-shell';
import { MaintenanceContract } from '../../../features/maintenance/components/maintenance-contract';

/** /sherbimet/mirembajtja: the maintenance contract, filled and printed in the browser. */
export default function MirembajtjaPage() {
  return (
    <PageShell
      title="Kontrata e mirëmbajtjes"
      description="Kontratë mirëmbajtjeje për telefonin tuaj: kontroll, pastrim, përditësim dhe përparësi në servis."
    >
      <MaintenanceContract />
    </PageShell>
  );
}
