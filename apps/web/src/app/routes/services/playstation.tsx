import { ServicePage } from '../../../features/services/components/service-page';
import { playstationParts } from '../../../features/services/data/service-items';

export default function PlaystationPage() {
  return (
    <ServicePage
      title="Pjesë për PlayStation"
      description="Pjesë dhe riparime për PlayStation 4 dhe 5: porta HDMI, ventilatorë, joystick DualSense, butona, lexues disku dhe bateri."
      intro="Konzola nuk jep figurë, nxehet apo kontrolleri lëviz vetë? Kemi pjesët dhe i montojmë në servisin tonë."
      items={playstationParts}
    />
  );
}
