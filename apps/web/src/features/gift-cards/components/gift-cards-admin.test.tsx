import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GiftCardDetail, GiftCardRow } from '@shop/shared/schemas/gift-cards';
import { mockApi, renderAdmin } from '../../../components/admin/test-render';
import { GiftCardsAdmin } from './gift-cards-admin';

const row = (extra: Partial<GiftCardRow>): GiftCardRow => ({
  id: 1,
  last4: 'AAAA',
  value: 50,
  balance: 50,
  source: 'order',
  state: 'active',
  issuedBy: 'staff@shop.test',
  issuedAt: '2026-05-04T10:00:00.000Z',
  orderId: 12,
  counterSaleId: null,
  reason: null,
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

describe("'Kartat dhuratë' (decision 052: a card's state)", () => {
  it("shows each card's state in Albanian; a waiting card's ledger records the hand-over and offers no adjustment", async () => {
    const waiting = row({ id: 2, last4: 'WWWW', balance: 0, state: 'waiting' });
    const voided = row({ id: 3, last4: 'VVVV', balance: 0, state: 'voided' });
    const detail: GiftCardDetail = {
      ...waiting,
      entries: [
        {
          id: 9,
          at: '2026-05-04T11:00:00.000Z',
          kind: 'waiting',
          amount: 0,
          orderId: 12,
          counterSaleId: null,
          reason: null,
          by: 'staff@shop.test',
        },
      ],
    };
    mockApi((url) => (url === '/api/admin/gift-cards/2' ? { body: detail } : { body: { cards: [row({}), waiting, voided] } }));
    renderAdmin(<GiftCardsAdmin />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Gjendja' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /…AAAA 50,00 € 50,00 € Aktive/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /…WWWW 50,00 € 0,00 € Pret dorëzimin/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /…VVVV 50,00 € 0,00 € Anuluar/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Libri i kartës …WWWW' }));
    const ledger = await screen.findByRole('region', { name: /Libri i kartës ••••-••••-••••-WWWW/ });
    expect(ledger).toHaveTextContent('Gjendja: Pret dorëzimin');
    expect(ledger).toHaveTextContent('Lëshuar në nisje, pret dorëzimin · porosia #12');
    expect(within(ledger).queryByRole('button', { name: 'Rregullo' })).toBeNull();
  });
});
