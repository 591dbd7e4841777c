import { ServicePage } from '../../../features/services/components/service-page';
import { phoneParts } from '../../../features/services/data/service-items';

export default function TelefonaPage() {
  return (
    <ServicePage
      title="Pjesë për telefona"
      description="Pjesë për telefona në Prishtinë: ekrane, bateri, kamera, porta karikimi dhe xhama të pasëm për iPhone, Samsung dhe Xiaomi."
      intro="Pjesë cilësore për modelet më të përdorura, të montuara nga teknikët tanë me garanci për punën."
      items={phoneParts}
    />
  );
}
