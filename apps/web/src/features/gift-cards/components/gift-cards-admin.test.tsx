import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GiftCardDetail, GiftCardRow } from '@shop/shared/schemas/gift-cards';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { clearSession, setSession } from '../../../lib/session';
import { GiftCardsAdmin } from './gift-cards-admin';

const staffUser = { id: 5, name: 'Besa Punonjëse', email: 'besa@example.com', role: 'staff' as const, isAdmin: false };
const ownerUser = { id: 1, name: 'Pronari', email: 'admin@example.com', role: 'admin' as const, isAdmin: true };

const row: GiftCardRow = {
  id: 7,
  last4: 'K7QZ',
  value: 50,
  balance: 20,
  source: 'counter',
  issuedBy: 'besa@example.com',
  issuedAt: '2026-11-20T10:00:00Z',
  orderId: null,
  counterSaleId: 12,
  reason: null,
};
const detail: GiftCardDetail = { ...row, entries: [] };

function shop() {
  let cards: GiftCardRow[] = [row];
  return mockApi((url, init) => {
    if (url === '/api/admin/gift-cards' && init.method === 'POST') {
      const made = { ...row, id: 8, last4: 'M4TX', value: 25, balance: 25, source: 'manual' as const, reason: 'Çmim', counterSaleId: null };
      cards = [made, ...cards];
      return { status: 201, body: { msg: 'Karta u lëshua.', card: { id: 8, code: 'ABCD-EFGH-JKLM-M4TX', value: 25, last4: 'M4TX' } } };
    }
    if (url.startsWith('/api/admin/gift-cards/7')) return { body: detail };
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
