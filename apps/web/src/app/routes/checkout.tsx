import { cartText } from '@shop/shared/messages-orders';
import { PageShell } from '../../components/ui/page-shell';
import { CheckoutView } from '../../features/cart/components/checkout-view';

export default function CheckoutPage() {
  return (
    <PageShell title={cartText.checkoutTitle} description={cartText.checkoutDescription}>
      <CheckoutView />
    </PageShell>
  );
}
