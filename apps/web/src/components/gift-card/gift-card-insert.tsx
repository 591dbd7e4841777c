import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { giftBalanceLink } from '@shop/shared/domain/gift-cards';
import { formatPrice } from '@shop/shared/domain/money';
import { shop, shopAddress } from '@shop/shared/domain/shop';
import { giftCardText } from '@shop/shared/messages-gift-cards';
import type { ShopContact } from '@shop/shared/domain/shop-settings';
import type { IssuedGiftCard } from '@shop/shared/schemas/gift-cards';
import { api } from '../../lib/api-client';
import './gift-card-insert.css';

/** The balance page's link (the code in its fragment) as a QR code, an SVG, or null while it is drawn. */
function useQr(text: string): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((s) => live && setSvg(s))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [text]);
  return svg;
}

/**
 * The printed insert of a gift card (decision 048): an A6 page with the shop's name and phone from
 * 'Cilësimet' (its address from the shop's details), the value, the code large, 'pa afat skadimi'
 * and the QR code of the balance page, whose fragment carries the code (never sent to a server).
 * Printed only right after the card is issued: the full code is not stored. `printed` false keeps
 * it on screen (a preview) and out of print.
 */
export function GiftCardInsert({ card, printed = true }: { card: IssuedGiftCard; printed?: boolean }) {
  const contact = useQuery({
    queryKey: ['settings', 'contact'],
    queryFn: () => api<ShopContact>('/api/settings/contact'),
    staleTime: 60_000,
  });
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const qr = useQr(giftBalanceLink(origin, card.code));
  return (
    <article className={`gift-insert${printed ? ' gift-insert-printed' : ''}`} aria-label={`${giftCardText.insertTitle} …${card.last4}`}>
      {printed && <style>{'@page { size: 105mm 148mm; margin: 6mm; }'}</style>}
      <header className="gi-head">
        <p className="gi-shop">{contact.data?.shopName || shop.name}</p>
        <p>{shopAddress()}</p>
        <p>Tel: {contact.data?.shopPhone || shop.phone}</p>
      </header>
      <p className="gi-title">{giftCardText.insertTitle}</p>
      <p className="gi-value">
        <span>{giftCardText.insertValue}</span> <strong>{formatPrice(card.value)}</strong>
      </p>
      <p className="gi-expiry">{giftCardText.insertNoExpiry}</p>
      <p className="gi-code" data-testid="gift-insert-code">
        {card.code}
      </p>
      <div className="gi-foot">
        {qr ? <div className="gi-qr" aria-hidden="true" dangerouslySetInnerHTML={{ __html: qr }} /> : <div className="gi-qr" />}
        <div>
          <p>{giftCardText.insertUsable}</p>
          <p className="gi-scan">{giftCardText.insertScan}</p>
          <p className="gi-url">{`${origin.replace(/^https?:\/\//, '')}/karta-dhurate/bilanci`}</p>
        </div>
      </div>
    </article>
  );
}
