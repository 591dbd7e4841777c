import { Link } from '../../../lib/router';
import { REPAIR_TRACKING_PATH } from '@shop/shared/domain/routes';
import { repairMessages as m, repairScreenMessages as t } from '@shop/shared/messages-repairs';
import { ServicePage } from '../../../features/services/components/service-page';
import { repairServices } from '../../../features/services/data/service-items';

export default function ServisiPage() {
  return (
    <ServicePage
      title="Servisi i riparimit"
      description="Servis telefonash në Prishtinë: ndërrim ekrani dhe baterie, riparim pas lagështisë, porta karikimi, kamera dhe diagnostikim falas."
      intro="Diagnostikim falas, çmim i qartë para riparimit dhe garanci për çdo punë që bëjmë."
      items={repairServices}
      extra={
        <aside className="card repair-track-link" aria-labelledby="repair-track-link-title">
          <div>
            <h2 id="repair-track-link-title">{t.trackLink}</h2>
            <p>{t.trackLinkText}</p>
          </div>
          <Link className="btn btn-primary" to={REPAIR_TRACKING_PATH}>
            {m.trackSubmit}
          </Link>
        </aside>
      }
    />
  );
}
