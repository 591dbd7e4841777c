import { formatPrice } from '@shop/shared/domain/money';
import { giftCardText } from '@shop/shared/messages-gift-cards';
import type { IssuedGiftCard } from '@shop/shared/schemas/gift-cards';

/**
 * A card just issued, in a list of them: its value, its full code (shown this once) and
 * 'Printo fletën e kartës (A6)'. The counter's sale and an online order's hand-over (decisions 048,
 * 052) list their new cards with it; `onPrint` puts that card's insert on the paper.
 */
export function IssuedGiftCardItem({ card, onPrint }: { card: IssuedGiftCard; onPrint: () => void }) {
  return (
    <li>
      <span>
        {formatPrice(card.value)} · <strong className="gift-code">{card.code}</strong>
      </span>
      <button type="button" className="btn btn-outline" aria-label={`${giftCardText.printInsert} …${card.last4}`} onClick={onPrint}>
        {giftCardText.printInsert}
      </button>
    </li>
  );
}
