import { formatPrice } from '@shop/shared/domain/money';
import { repairStatusLabels, repairWarrantyLabel, type RepairStatus } from '@shop/shared/domain/repairs';
import { formatDay } from '@shop/shared/domain/time';
import { openDaysText, shop } from '@shop/shared/domain/shop';
import { repairMessages as m } from '@shop/shared/messages-repairs';
import type { OutgoingMail } from '../repositories/mail-outbox';
import { renderMail } from './layout';

/** What a repair mail says about its ticket. */
export interface RepairMailTicket {
  code: string;
  customerName: string;
  customerEmail: string;
  /** 'Apple iPhone 13' */
  device: string;
  /** Euros; null when not known yet. */
  estimate: number | null;
  deposit: number;
  warranty: boolean;
  /** At hand-over: the final price and the repair's own warranty (issue 26). */
  handover?: { finalPrice: number; warrantyMonths: number; warrantyNote: string; warrantyUntil: string | null } | null;
}

const priceLine = (t: RepairMailTicket): string | null => {
  if (t.warranty) return m.trackWarranty;
  if (t.estimate === null) return null;
  return `${m.trackEstimate}: ${formatPrice(t.estimate)}`;
};

/** What the customer should know or do at each mailed status. */
function statusParagraphs(t: RepairMailTicket, status: RepairStatus): string[] {
  const price = priceLine(t);
  switch (status) {
    case 'received':
      return [
        `E pranuam pajisjen tuaj ${t.device} për riparim. Kodi i riparimit është ${t.code}; ruajeni fletëpranimin.`,
        ...(price ? [price] : []),
        ...(t.deposit > 0 ? [`Depozita e paguar: ${formatPrice(t.deposit)}`] : []),
        'Statusin mund ta shihni në çdo kohë me kodin dhe 4 shifrat e fundit të IMEI-t ose numrin e telefonit.',
      ];
    case 'awaiting-approval':
      return [
        `Diagnostikimi i pajisjes ${t.device} përfundoi.`,
        ...(price ? [price] : []),
        'Ju lutemi aprovoni ose refuzoni çmimin në faqen e statusit; riparimi vazhdon vetëm pas aprovimit tuaj.',
      ];
    case 'ready':
      return [m.trackReady(openDaysText(), shop.opens, shop.closes), ...(price ? [price] : [])];
    case 'delivered': {
      const h = t.handover;
      return [
        `Pajisja ${t.device} ju është dorëzuar. Faleminderit që zgjodhët ${shop.name}!`,
        ...(h ? [`Çmimi përfundimtar: ${formatPrice(h.finalPrice)}`] : []),
        ...(h
          ? [
              h.warrantyUntil
                ? m.pickupWarranty(repairWarrantyLabel(h.warrantyMonths), h.warrantyNote, formatDay(h.warrantyUntil))
                : m.pickupNoWarranty,
            ]
          : []),
      ];
    }
    case 'cancelled':
      return [`Riparimi i pajisjes ${t.device} u anulua. Pajisjen mund ta merrni në dyqan me fletëpranimin.`];
    case 'unrepaired':
      return [`Pajisja ${t.device} kthehet pa riparim. Mund ta merrni në dyqan me fletëpranimin; paguhet tarifa e diagnostikimit.`];
    default:
      return [`Statusi i riparimit tani është “${repairStatusLabels[status]}”.`];
  }
}

/**
 * The mail a customer gets when the ticket enters a status they are told about
 * (domain/repairs isCustomerMailedStatus): the status, what to do, the staff's words for the
 * customer, and the tracking link.
 */
export function repairStatusMail(t: RepairMailTicket, status: RepairStatus, customerNote: string, trackingUrl: string): OutgoingMail {
  const label = repairStatusLabels[status];
  return {
    kind: 'repair-status',
    to: t.customerEmail,
    ...renderMail({
      subject: status === 'received' ? `Riparimi ${t.code} u pranua` : `Riparimi ${t.code}: ${label}`,
      greeting: `Përshëndetje ${t.customerName},`,
      paragraphs: [
        `Statusi i riparimit ${t.code}: ${label}.`,
        ...statusParagraphs(t, status),
        ...(customerNote ? [`Shënim nga servisi: ${customerNote}`] : []),
      ],
      action: { label: 'Shiko statusin e riparimit', url: trackingUrl },
    }),
  };
}
