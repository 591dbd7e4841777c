import { PageShell } from '../../../components/ui/page-shell';
import { ServiceContact } from '../../../features/services/components/service-page';
import { ServicesOverview } from '../../../features/services/components/services-overview';

export default function ServicesPage() {
  return (
    <PageShell
      title="Shërbimet"
      description="Shërbimet e MobileShop KS: kontrata mirëmbajtjeje, pjesë për telefona dhe PlayStation, servis riparimi dhe asistencë mobile."
    >
      <p className="page-intro">
        Riparojmë, mirëmbajmë dhe konfigurojmë pajisjet tuaja në dyqanin tonë në Prishtinë, me teknikë me përvojë dhe garanci për punën.
      </p>
      <ServicesOverview cardHeadingLevel={2} />
      <ServiceContact />
    </PageShell>
  );
}
