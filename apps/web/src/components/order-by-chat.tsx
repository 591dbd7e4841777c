import { useQuery } from '@tanstack/react-query';
import {
  chatOrderMessage,
  defaultShopSettings,
  viberOrderLink,
  whatsappOrderLink,
  type ChatOrderLine,
  type ShopContact,
} from '@shop/shared/domain/shop-settings';
import { api } from '../lib/api-client';
import { useHydrated } from '../lib/use-hydrated';
import './order-by-chat.css';

/** The shop's numbers from 'Cilësimet' (GET /api/settings/contact), kept a minute. */
export const useShopContact = () =>
  useQuery({ queryKey: ['settings', 'contact'], queryFn: () => api<ShopContact>('/api/settings/contact'), staleTime: 60_000 });

/**
 * 'Porosit me WhatsApp' / 'Porosit me Viber' (issue 30, decision 043): opens the app with the
 * shop's number and a prefilled Albanian message naming the lines (product, variant, price, link).
 * The buttons are there from the first paint (the server's page too) with the shop's default
 * numbers, and take the numbers of 'Cilësimet' once they are known: nothing moves when they
 * arrive (a block appearing late pushed the page and broke the restored scroll position).
 */
/** A line to ask for: its page's path instead of the full address (the origin is the browser's). */
export type ChatLineInput = Omit<ChatOrderLine, 'url'> & { path: string };

export function OrderByChat({ lines }: { lines: readonly ChatLineInput[] }) {
  const contact = useShopContact();
  const hydrated = useHydrated();
  if (lines.length === 0) return null;
  const known = contact.data;
  const numbers =
    known && typeof known.whatsappNumber === 'string' && typeof known.viberNumber === 'string'
      ? known
      : { whatsappNumber: defaultShopSettings.whatsappNumber, viberNumber: defaultShopSettings.viberNumber };
  // The page's own address once in the browser (the server's render and the hydration agree on none).
  const origin = hydrated ? window.location.origin : '';
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
