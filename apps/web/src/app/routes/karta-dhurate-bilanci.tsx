import { giftCardText } from '@shop/shared/messages-gift-cards';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { PageShell } from '../../components/ui/page-shell';
import { GiftBalanceView } from '../../features/gift-cards/components/gift-balance-view';

/**
 * /karta-dhurate/bilanci (issue 29, decision 048): a gift card's balance and last uses. Rendered by
 * the browser: the insert's QR code carries the code in the fragment, which only the page reads.
 */
export default function GiftBalancePage() {
  return (
    <PageShell title={giftCardText.pageTitle} description={giftCardText.pageIntro}>
      <Breadcrumb items={[{ label: 'Ballina', to: '/' }, { label: giftCardText.pageTitle }]} />
      <p className="muted">{giftCardText.pageIntro}</p>
      <GiftBalanceView />
    </PageShell>
  );
}
