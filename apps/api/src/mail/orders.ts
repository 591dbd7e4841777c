import { formatPrice, lineTotal } from '@shop/shared/domain/money';
import { lineName } from '@shop/shared/domain/variants';
import { fulfilmentLabels, orderStatusLabels, paymentMethodLabels, type OrderStatus } from '@shop/shared/domain/orders';
import { orderNextStep } from '@shop/shared/messages-orders';
import { discountText } from '@shop/shared/messages-discounts';
import { formatIban } from '@shop/shared/domain/shop-settings';
import { formatDay } from '@shop/shared/domain/time';
import type { Order } from '@shop/shared/schemas/order';
import type { OutgoingMail } from '../repositories/mail-outbox';
import { renderMail } from './layout';

/** The order's lines, fee, total and how it reaches the customer, as the mail's paragraphs. */
function orderSummary(order: Order): string[] {
  // A variant's line names it ('iPhone 16 Pro Max — Titanium i zi / 512 GB', decision 039).
  const lines = order.items.map((i) => `${i.quantity} × ${lineName(i.name, i.variant)}: ${formatPrice(lineTotal(i.price, i.quantity))}`);
  const receive =
    order.delivery === null
      ? fulfilmentLabels.pickup
      : `${fulfilmentLabels.delivery}: ${order.delivery.fullName}, ${order.delivery.address}, ${order.delivery.city}, ${order.delivery.phone}`;
  return [
    lines.join('\n'),
    // Issue 29: 'Zbritje (KODI): −12,00 €' before the fee, only on an order with a code.
    `${order.discount ? `${discountText.discountOf(order.discount.code)}: −${formatPrice(order.discount.amount)} · ` : ''}Dërgesa: ${formatPrice(order.deliveryFee)} · Totali: ${formatPrice(order.total)} (${paymentMethodLabels[order.paymentMethod]})`,
    // Decision 048: a gift card paid part of the total.
    ...(order.giftCard
      ? [`Paguar me kartë dhurate: −${formatPrice(order.giftCard.paid)} · Për t'u paguar: ${formatPrice(order.giftCard.due)}`]
      : []),
    receive,
    ...transferParagraphs(order),
    ...shipmentParagraphs(order),
  ];
}

/** A transfer order (decision 043): where to pay, how much, with which reference, by when; or that it is paid. */
function transferParagraphs(order: Order): string[] {
  const t = order.transfer;
  if (!t || order.status === 'cancelled') return [];
  if (t.paidAt) return [`Pagesa me transfer bankar u pranua më ${formatDay(t.paidAt)}. Faleminderit!`];
  return [
    `Paguani ${formatPrice(t.amount)} me transfer bankar:\nBanka: ${t.bankName}\nIBAN: ${formatIban(t.iban)}\nShuma: ${formatPrice(t.amount)}\nReferenca: ${t.reference}`,
    `Nëse pagesa nuk arrin deri më ${formatDay(t.payBy)}, porosia anulohet.`,
  ];
}

/** A sent order (decision 043): the courier, the tracking number and its page. */
function shipmentParagraphs(order: Order): string[] {
  const s = order.shipment;
  if (!s) return [];
  return [
    `Korrieri: ${s.courier} · Numri i gjurmimit: ${s.trackingNumber}${s.trackingUrl ? `\nGjurmojeni dërgesën: ${s.trackingUrl}` : ''}`,
  ];
}

/** The mail sent when an order is placed. */
export function orderPlacedMail(to: { name: string; email: string }, order: Order, url: string): OutgoingMail {
  return {
    kind: 'order-placed',
    to: to.email,
    ...renderMail({
      subject: `Porosia #${order.id} u pranua`,
      greeting: `Përshëndetje ${to.name},`,
      paragraphs: [
        `Faleminderit për porosinë #${order.id}.`,
        ...orderSummary(order),
        orderNextStep(order.status, order.fulfilment, order.paymentMethod),
      ],
      action: { label: 'Shiko porosinë', url },
    }),
  };
}

/**
 * Decision 052: the parcel of an order with gift cards carries their printed inserts; the cards
 * become usable when the order is delivered. The code itself is never in a mail.
 */
const parcelCardsParagraph = (n: number): string =>
  n === 1
    ? 'Në pako është fleta e kartës dhuratë me kodin e saj. Karta aktivizohet kur porosia dorëzohet.'
    : `Në pako janë fletët e ${n} kartave dhuratë me kodet e tyre. Kartat aktivizohen kur porosia dorëzohet.`;

/** The mail sent when an order moves to another status (`cardsInParcel`: the gift cards handed over with it). */
export function orderStatusMail(
  to: { name: string; email: string },
  order: Order,
  status: OrderStatus,
  url: string | null,
  cardsInParcel = 0,
): OutgoingMail {
  const label = orderStatusLabels[status].toLowerCase();
  return {
    kind: 'order-status',
    to: to.email,
    ...renderMail({
      subject: `Porosia #${order.id} është ${label}`,
      greeting: `Përshëndetje ${to.name},`,
      paragraphs: [
        `Porosia juaj #${order.id} tani është ${label}.`,
        orderNextStep(status, order.fulfilment, order.paymentMethod),
        ...(cardsInParcel > 0 ? [parcelCardsParagraph(cardsInParcel)] : []),
        ...orderSummary(order),
        // A guest order's link is in the mail of the order only (decision 042).
        ...(url ? [] : ['Porosinë e shihni me lidhjen që ju dërguam në email-in e porosisë.']),
      ],
      ...(url
        ? { action: { label: 'Shiko porosinë', url } }
        : order.shipment?.trackingUrl
          ? { action: { label: 'Gjurmo dërgesën', url: order.shipment.trackingUrl } }
          : {}),
    }),
  };
}
