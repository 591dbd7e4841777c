import { cartText } from '@shop/shared/messages-orders';
import { PageShell } from '../../components/ui/page-shell';
import { LoadingNote } from '../../components/ui/query-state';
import { useHydrated } from '../../lib/use-hydrated';
import { CartView } from '../../features/cart/components/cart-view';

export default function CartPage() {
  // The cart lives in this browser's storage: the server's page is the frame, the lines come after.
  const hydrated = useHydrated();
  return (
    <PageShell title={cartText.cartTitle} description={cartText.cartDescription}>
      {hydrated ? <CartView /> : <LoadingNote text="Duke ngarkuar shportën..." />}
    </PageShell>
  );
}
