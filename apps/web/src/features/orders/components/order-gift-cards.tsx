import { useEffect, useRef, useState } from 'react';
import { giftCardText } from '@shop/shared/messages-gift-cards';
import type { IssuedGiftCard } from '@shop/shared/schemas/gift-cards';
import { GiftCardInsert } from '../../../components/gift-card/gift-card-insert';
import { IssuedGiftCardItem } from '../../../components/gift-card/issued-gift-card';

/**
 * The gift cards a status move of an online order just made (decision 052), with their full codes
 * this once: at the hand-over ('shipped') they wait for the delivery and their inserts go in the
 * parcel; delivered straight from confirmed, they are active and handed over. Each card's
 * 'Printo fletën e kartës (A6)' prints its insert alone (the same one as the counter's). The
 * heading takes the focus when it appears, so a keyboard or a screen reader lands on the codes.
 */
export function OrderGiftCards({ orderId, cards }: { orderId: number; cards: readonly IssuedGiftCard[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [printing, setPrinting] = useState<{ id: number; run: number } | null>(null);
  useEffect(() => heading.current?.focus(), []);
  // The insert prints once it is in the page; after the print the page is as before.
  useEffect(() => {
    if (!printing) return;
    const frame = requestAnimationFrame(() => window.print());
    const back = () => setPrinting(null);
    window.addEventListener('afterprint', back);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', back);
    };
  }, [printing]);
  const waiting = cards.some((c) => c.waiting);
  const printed = printing ? cards.find((c) => c.id === printing.id) : undefined;
  return (
    <>
      <section className="order-card order-gift-cards" aria-labelledby={`order-gift-cards-${orderId}`}>
        <h2 id={`order-gift-cards-${orderId}`} ref={heading} tabIndex={-1}>
          {giftCardText.newCards(cards.length)} · {giftCardText.orderLink(orderId)}
        </h2>
        <p className="alert alert-info">{giftCardText.codeOnce}</p>
        <p>{waiting ? giftCardText.orderWaiting : giftCardText.orderActive}</p>
        <ul className="order-gift-list">
          {cards.map((card) => (
            <IssuedGiftCardItem key={card.id} card={card} onPrint={() => setPrinting((p) => ({ id: card.id, run: (p?.run ?? 0) + 1 }))} />
          ))}
        </ul>
        <div className="order-gift-previews">
          {cards.map((card) => (
            <GiftCardInsert key={card.id} card={card} printed={false} />
          ))}
        </div>
      </section>
      {/* Outside the section: in print the order's cards step aside, and the insert alone is on the paper. */}
      {printed && <GiftCardInsert card={printed} />}
    </>
  );
}
