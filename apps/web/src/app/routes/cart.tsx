import { cartText } from '@shop/shared/messages-orders';
import { PageShell } from '../../components/ui/page-shell';
import { CartView } from '../../features/cart/components/cart-view';

export default function CartPage() {
  return (
    <PageShell title={cartText.cartTitle} description={cartText.cartDescription}>
      <CartView />
    </PageShell>
  );
}
