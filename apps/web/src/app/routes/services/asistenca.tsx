import { ServicePage } from '../../../features/services/components/service-page';
import { assistanceServices } from '../../../features/services/data/service-items';

export default function AsistencaPage() {
  return (
    <ServicePage
      title="Asistenca mobile"
      description="Asistencë për telefonin: transferim të dhënash, konfigurim iCloud dhe Google, rikthim llogarie, aktivizim SIM, pastrim memorieje dhe aplikacione."
      intro="Ju ndihmojmë me gjithçka që telefoni i ri kërkon, nga kalimi i të dhënave te aplikacionet e bankës."
      items={assistanceServices}
    />
  );
}
