import { cartText } from '@shop/shared/messages-orders';
import { noScriptText } from '@shop/shared/messages';
import { NeedsScript } from '../../components/ui/needs-script';
import { PageShell } from '../../components/ui/page-shell';
import { LoadingNote } from '../../components/ui/query-state';
import { useHydrated } from '../../lib/use-hydrated';
import { CartView } from '../../features/cart/components/cart-view';

export default function CartPage() {
  // The cart lives in this browser's storage: the server's page is the frame, the lines come after;
  // without JavaScript they never come, and the page says so instead of loading for ever (issue 26).
  const hydrated = useHydrated();
  return (
    <PageShell title={cartText.cartTitle} description={cartText.cartDescription}>
      {hydrated ? (
        <CartView />
      ) : (
        <>
          <LoadingNote text="Duke ngarkuar shportën..." className="muted needs-js" />
          <NeedsScript text={noScriptText.cart} />
        </>
      )}
    </PageShell>
  );
}
