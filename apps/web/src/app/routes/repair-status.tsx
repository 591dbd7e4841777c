import { Link, useSearchParams } from '../../lib/router';
import { repairMessages as m } from '@shop/shared/messages-repairs';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { PageShell } from '../../components/ui/page-shell';
import { RepairTrackingView } from '../../features/repairs/components/repair-tracking';
import { ServiceContact } from '../../features/services/components/service-page';

/**
 * /servisi/statusi (issue 16): the customer's repair status. Rendered by the server (issue 26): its
 * form, and the result when the address (the receipt's QR code) or the form's POST carries a code
 * and a proof (apps/api routes/page-forms.ts).
 */
export default function RepairStatusPage() {
  const [params] = useSearchParams();
  const code = (params.get('kodi') ?? '').slice(0, 40);
  const proof = (params.get('imei') ?? '').slice(0, 30);
  return (
    <PageShell title={m.trackTitle} description={m.trackIntro}>
      <Breadcrumb
        items={[
          { label: 'Ballina', to: '/' },
          { label: 'Shërbimet', to: '/sherbimet' },
          { label: 'Servisi', to: '/sherbimet/servisi' },
          { label: m.trackTitle },
        ]}
      />
      <RepairTrackingView key={`${code}|${proof}`} initialCode={code} initialProof={proof} />
      <p className="repair-track-back">
        <Link to="/sherbimet/servisi">← Servisi i riparimit</Link>
      </p>
      <ServiceContact />
    </PageShell>
  );
}
