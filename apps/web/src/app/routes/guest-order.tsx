import { useParams } from '../../lib/router';
import { guestCheckoutText } from '@shop/shared/messages-orders';
import { PageShell } from '../../components/ui/page-shell';
import { GuestOrderView } from '../../features/orders/components/guest-order-view';

/**
 * /porosia-ime/{secret}: a guest order, opened by the link of its mail (decision 042). The browser
 * renders it; the server answers it uncached and noindex (plugins/web.ts).
 */
export default function GuestOrderPage() {
  const { token = '' } = useParams();
  return (
    <PageShell title={guestCheckoutText.pageTitle} heading={null} description={guestCheckoutText.pageDescription}>
      <GuestOrderView key={token} token={token} />
    </PageShell>
  );
}
