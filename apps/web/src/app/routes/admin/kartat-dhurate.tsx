import { giftCardText } from '@shop/shared/messages-gift-cards';
import { PageShell } from '../../../components/ui/page-shell';
import { GiftCardsAdmin } from '../../../features/gift-cards/components/gift-cards-admin';

/** /admin/kartat-dhurate (issue 29, decision 048): the gift cards, their ledgers, issuing by hand and adjusting (the owner's). */
export default function AdminGiftCardsPage() {
  return (
    <PageShell title={giftCardText.staffTitle}>
      <GiftCardsAdmin />
    </PageShell>
  );
}
