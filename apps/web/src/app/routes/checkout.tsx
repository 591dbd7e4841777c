import { useMemo } from 'react';
import { cartText } from '@shop/shared/messages-orders';
import type { Profile } from '@shop/shared/schemas/auth';
import { noScriptText } from '@shop/shared/messages';
import { NeedsScript } from '../../components/ui/needs-script';
import { PageShell } from '../../components/ui/page-shell';
import { LoadingNote } from '../../components/ui/query-state';
import { useHydrated } from '../../lib/use-hydrated';
import type { DeliveryValues } from '../../components/form/delivery-fields';
import { useProfileQuery } from '../../features/auth/api/auth-api';
import { VerificationNotice } from '../../features/auth/components/account-security';
import { CheckoutView } from '../../features/cart/components/checkout-view';
import { useSession } from '../../lib/session';

/** The delivery details offered again: the last delivery's, else the profile's name and phone. */
const prefillOf = (p: Profile): DeliveryValues => p.delivery ?? { fullName: p.name, phone: p.phone ?? '', city: '', address: '' };

export default function CheckoutPage() {
  // The cart and the session live in this browser: the server's page is the frame, the form comes after.
  const hydrated = useHydrated();
  const { token, isLoggedIn } = useSession();
  const profile = useProfileQuery(isLoggedIn ? token : null);
  const prefill = useMemo(() => (profile.data ? prefillOf(profile.data) : null), [profile.data]);
  return (
    <PageShell title={cartText.checkoutTitle} description={cartText.checkoutDescription}>
      {hydrated ? (
        <CheckoutView prefill={prefill} verifyNotice={<VerificationNotice />} />
      ) : (
        // Without JavaScript the form never comes: the page says what it needs (issue 26).
        <>
          <LoadingNote text="Duke ngarkuar..." className="muted needs-js" />
          <NeedsScript text={noScriptText.checkout} />
        </>
      )}
    </PageShell>
  );
}
