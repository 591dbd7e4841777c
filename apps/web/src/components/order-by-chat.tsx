import { useQuery } from '@tanstack/react-query';
import {
  chatOrderMessage,
  viberOrderLink,
  whatsappOrderLink,
  type ChatOrderLine,
  type ShopContact,
} from '@shop/shared/domain/shop-settings';
import { api } from '../lib/api-client';
import './order-by-chat.css';

/** The shop's numbers from 'Cilësimet' (GET /api/settings/contact), kept a minute. */
export const useShopContact = () =>
  useQuery({ queryKey: ['settings', 'contact'], queryFn: () => api<ShopContact>('/api/settings/contact'), staleTime: 60_000 });

/**
 * 'Porosit me WhatsApp' / 'Porosit me Viber' (issue 30, decision 043): opens the app with the
 * shop's number and a prefilled Albanian message naming the lines (product, variant, price, link).
 * Shown once the numbers are known (after hydration; the server's page has no such links).
 */
/** A line to ask for: its page's path instead of the full address (the origin is the browser's). */
export type ChatLineInput = Omit<ChatOrderLine, 'url'> & { path: string };

export function OrderByChat({ lines }: { lines: readonly ChatLineInput[] }) {
  const contact = useShopContact();
  const numbers = contact.data;
  // Nothing until the numbers are known (and nothing from an answer that has none).
  if (!numbers || typeof numbers.whatsappNumber !== 'string' || typeof numbers.viberNumber !== 'string' || lines.length === 0) return null;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const text = chatOrderMessage(lines.map(({ path, ...l }) => ({ ...l, url: `${origin}${path}` })));
  return (
    <div className="order-by-chat" role="group" aria-label="Porosit me mesazh">
      <a
        className="btn btn-outline order-chat-whatsapp"
        href={whatsappOrderLink(numbers.whatsappNumber, text)}
        target="_blank"
        rel="noopener noreferrer"
      >
        Porosit me WhatsApp <span className="visually-hidden">(hapet në një dritare të re)</span>
      </a>
      <a className="btn btn-outline order-chat-viber" href={viberOrderLink(numbers.viberNumber, text)}>
        Porosit me Viber
      </a>
    </div>
  );
}
