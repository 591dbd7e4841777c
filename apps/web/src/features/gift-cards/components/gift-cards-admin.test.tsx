import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GiftCardDetail, GiftCardRow } from '@shop/shared/schemas/gift-cards';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { clearSession, setSession } from '../../../lib/session';
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

const staffUser = { id: 5, name: 'Besa Punonjëse', email: 'besa@example.com', role: 'staff' as const, isAdmin: false };
const ownerUser = { id: 1, name: 'Pronari', email: 'admin@example.com', role: 'admin' as const, isAdmin: true };

const counterCard: GiftCardRow = {
  id: 7,
  last4: 'K7QZ',
  value: 50,
  balance: 20,
  source: 'counter',
  state: 'active',
  issuedBy: 'besa@example.com',
  issuedAt: '2026-11-20T10:00:00Z',
  orderId: null,
  counterSaleId: 12,
  reason: null,
};
const counterDetail: GiftCardDetail = { ...counterCard, entries: [] };

function shop() {
  let cards: GiftCardRow[] = [counterCard];
  return mockApi((url, init) => {
    if (url === '/api/admin/gift-cards' && init.method === 'POST') {
      const made = {
        ...counterCard,
        id: 8,
        last4: 'M4TX',
        value: 25,
        balance: 25,
        source: 'manual' as const,
        reason: 'Çmim',
        counterSaleId: null,
      };
      cards = [made, ...cards];
      return { status: 201, body: { msg: 'Karta u lëshua.', card: { id: 8, code: 'ABCD-EFGH-JKLM-M4TX', value: 25, last4: 'M4TX' } } };
    }
    if (url.startsWith('/api/admin/gift-cards/7')) return { body: counterDetail };
    if (url.startsWith('/api/admin/gift-cards')) return { body: { cards } };
    if (url.startsWith('/api/settings/contact')) return { body: {} };
    return { status: 404, body: { msg: 'Nuk u gjet.' } };
  });
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

describe("'Kartat dhuratë' by role (decision 055)", () => {
  it('staff issue a card by hand and see its code once; they get no balance adjustment', async () => {
    setSession('tok', staffUser);
    const api = shop();
    const user = userEvent.setup();
    renderAdmin(<GiftCardsAdmin />);
    const form = screen.getByRole('form', { name: 'Lësho kartë' });
    await user.type(within(form).getByLabelText('Vlera (€)'), '25');
    await user.type(within(form).getByLabelText('Arsyeja'), 'Çmim');
    await user.click(within(form).getByRole('button', { name: 'Lësho kartën' }));
    expect(await screen.findByText('ABCD-EFGH-JKLM-M4TX')).toBeInTheDocument();
    const post = callsOf(api).find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ value: 25, reason: 'Çmim' });

    const list = await screen.findByRole('table');
    await user.click(within(within(list).getByText('…K7QZ').closest('tr')!).getByRole('button'));
    expect(await screen.findByRole('heading', { name: /Libri i kartës.*K7QZ/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Rregullo bilancin' })).not.toBeInTheDocument();
  });

  it('the owner also sees “Rregullo bilancin” on a card', async () => {
    setSession('tok', ownerUser);
    shop();
    const user = userEvent.setup();
    renderAdmin(<GiftCardsAdmin />);
    expect(screen.getByRole('form', { name: 'Lësho kartë' })).toBeInTheDocument();
    const list = await screen.findByRole('table');
    await user.click(within(within(list).getByText('…K7QZ').closest('tr')!).getByRole('button'));
    expect(await screen.findByRole('heading', { name: 'Rregullo bilancin' })).toBeInTheDocument();
  });
});
