import { formatPrice } from '@shop/shared/domain/money';
import { GIFT_BALANCE_PATH, giftBalanceLink, maskedGiftCode } from '@shop/shared/domain/gift-cards';
import type { IssuedGiftCard } from '@shop/shared/schemas/gift-cards';
import type { OutgoingMail } from '../repositories/mail-outbox';
import { renderMail, type MailContent } from './layout';

/**
 * The codes of the gift cards an online order issued when it was delivered (decision 048). A code
 * is money: the mail is rendered twice, as sent (the codes and the balance link, whose fragment
 * carries the code) and as staff read it in 'E-mailet' (only each code's last 4 characters).
 */
export function giftCardsMail(
  to: { name: string; email: string },
  orderId: number,
  cards: readonly IssuedGiftCard[],
  base: string,
): OutgoingMail {
  const content = (masked: boolean): MailContent => ({
    subject: cards.length === 1 ? 'Karta juaj dhuratë' : 'Kartat tuaja dhuratë',
    greeting: `Përshëndetje ${to.name},`,
    paragraphs: [
      `Porosia #${orderId} u dorëzua. ${cards.length === 1 ? 'Karta dhuratë është' : 'Kartat dhuratë janë'} gati për t'u përdorur, pa afat skadimi:`,
      cards.map((c) => `${masked ? maskedGiftCode(c.last4) : c.code}: ${formatPrice(c.value)}`).join('\n'),
      'Kodin e shkruani në arkë ose në blerjen online te “Kartë dhurate”. Ruajeni si para: kush e ka kodin mund ta shpenzojë.',
    ],
    ...(cards.length === 1 ? { action: { label: 'Shiko bilancin', url: giftBalanceLink(base, cards[0]!.code), masked } } : {}),
  });
  const sent = renderMail(content(false));
  const staff = renderMail(content(true));
  return { kind: 'gift-card', to: to.email, ...sent, staffText: staff.text, staffHtml: staff.html };
}

/**
 * Decision 052: an online order's cards are active now that it is delivered. The full code is not
 * stored (it was shown once, to staff, for the insert in the parcel or handed over at the shop), so
 * the mail names each card by its last 4 characters and value and says the code is on the insert.
 * Nothing in it is money: staff read the same text.
 */
export function giftCardsActiveMail(
  to: { name: string; email: string },
  orderId: number,
  cards: readonly { last4: string; value: number }[],
  base: string,
): OutgoingMail {
  const one = cards.length === 1;
  const sent = renderMail({
    subject: one ? 'Karta juaj dhuratë është aktive' : 'Kartat tuaja dhuratë janë aktive',
    greeting: `Përshëndetje ${to.name},`,
    paragraphs: [
      `Porosia #${orderId} u dorëzua. ${one ? 'Karta dhuratë është aktive' : 'Kartat dhuratë janë aktive'} tani, pa afat skadimi:`,
      cards.map((c) => `${maskedGiftCode(c.last4)}: ${formatPrice(c.value)}`).join('\n'),
      `Kodi i plotë është në fletën e kartës që erdhi me porosinë${one ? '' : ' (një fletë për çdo kartë)'}: e shkruani në arkë ose në blerjen online te “Kartë dhurate”, ose skanoni kodin QR të fletës për bilancin. Ruajeni fletën si para: kodi nuk mund të dërgohet me e-mail.`,
    ],
    action: { label: 'Shiko bilancin', url: `${base.replace(/\/+$/, '')}${GIFT_BALANCE_PATH}` },
  });
  return { kind: 'gift-card', to: to.email, ...sent, staffText: sent.text, staffHtml: sent.html };
}
