import { ServicePage } from '../../../features/services/components/service-page';
import { repairServices } from '../../../features/services/data/service-items';

export default function ServisiPage() {
  return (
    <ServicePage
      title="Servisi i riparimit"
      description="Servis telefonash në Prishtinë: ndërrim ekrani dhe baterie, riparim pas lagështisë, porta karikimi, kamera dhe diagnostikim falas."
      intro="Diagnostikim falas, çmim i qartë para riparimit dhe garanci për çdo punë që bëjmë."
      items={repairServices}
    />
  );
}
