import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auditKinds, auditKindLabels } from '@shop/shared/domain/audit';
import type { AuditEntry, AuditPage } from '@shop/shared/schemas/audit';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { AuditAdmin } from './audit-admin';

afterEach(() => vi.unstubAllGlobals());

const kinds = auditKinds.map((kind) => ({ kind, label: auditKindLabels[kind] }));
const actors = [
  { id: 1, email: 'admin@example.com' },
  { id: 7, email: 'besa@example.com' },
];

const priceEdit: AuditEntry = {
  id: 12,
  at: '2026-03-05T09:30:00.000Z',
  actor: actors[0]!,
  kind: 'product.update',
  kindLabel: 'Ndryshim produkti',
  targetType: 'product',
  targetId: 'iphone-15',
  before: { name: 'iPhone 15', price: 299 },
  after: { name: 'iPhone 15', price: 279 },
};
const roleChange: AuditEntry = {
  id: 11,
  at: '2026-03-05T08:00:00.000Z',
  actor: { id: null, email: 'ish-admin@example.com' },
  kind: 'user.role',
  kindLabel: 'Ndryshim roli',
  targetType: 'user',
  targetId: '5',
  before: { email: 'arta@example.com', name: 'Arta', role: 'user' },
  after: { email: 'arta@example.com', name: 'Arta', role: 'admin' },
};

const pageOf = (items: AuditEntry[], o: Partial<AuditPage> = {}): AuditPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  actors,
  kinds,
  ...o,
});

describe('<AuditAdmin>', () => {
  it('shows each entry newest first with time, admin, action, object and what changed', async () => {
    mockApi(() => ({ body: pageOf([priceEdit, roleChange]) }));
    renderAdmin(<AuditAdmin />);
    const table = await screen.findByRole('table', { name: 'Historiku i veprimeve të administratorëve' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Koha', 'Administratori', 'Veprimi', 'Objekti', 'Ndryshimi']);
    const [, first, second] = within(table).getAllByRole('row');
    // 09:30 UTC is 10:30 in Kosovo in March.
    expect(within(first!).getByText('05.03.2026, 10:30')).toHaveAttribute('datetime', priceEdit.at);
    expect(first).toHaveTextContent('admin@example.com');
    expect(first).toHaveTextContent('Ndryshim produkti');
    expect(first).toHaveTextContent('Produkti iPhone 15');
    expect(within(first!).getByRole('listitem')).toHaveTextContent('Çmimi: 299,00 € → 279,00 €');
    expect(second).toHaveTextContent('ish-admin@example.com (llogari e fshirë)');
    expect(second).toHaveTextContent('Përdoruesi arta@example.com');
    expect(within(second!).getByRole('listitem')).toHaveTextContent('Roli: Klient → Administrator');
    expect(screen.getByText('2 veprime')).toBeInTheDocument();
    // One page only: no pager.
    expect(screen.queryByRole('navigation', { name: 'Faqet e historikut' })).toBeNull();
  });

  it('filters by admin and by kind through labelled selects, and pages', async () => {
    const fetchMock = mockApi((url) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
      return { body: pageOf([page === 1 ? priceEdit : roleChange], { total: 41, page }) };
    });
    renderAdmin(<AuditAdmin />);
    await screen.findByText('Produkti iPhone 15');
    const pager = screen.getByRole('navigation', { name: 'Faqet e historikut' });
    expect(pager).toHaveTextContent('Faqja 1 nga 3');
    expect(within(pager).getByRole('button', { name: 'Faqja e mëparshme' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Faqja tjetër' }));
    await screen.findByText('Përdoruesi arta@example.com');
    expect(screen.getByRole('navigation', { name: 'Faqet e historikut' })).toHaveTextContent('Faqja 2 nga 3');

    await userEvent.selectOptions(screen.getByLabelText('Administratori'), 'besa@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Veprimi'), 'Fshirje përdoruesi');
    await waitFor(() => expect(callsOf(fetchMock).at(-1)!.url).toBe('/api/admin/audit?actor=7&kind=user.delete'));
    expect(callsOf(fetchMock).map((c) => c.url)).toEqual([
      '/api/admin/audit',
      '/api/admin/audit?page=2',
      // A new filter starts again at the first page.
      '/api/admin/audit?actor=7',
      '/api/admin/audit?actor=7&kind=user.delete',
    ]);
    expect(callsOf(fetchMock).every((c) => c.method === 'GET')).toBe(true);
  });

  it('says when nothing is recorded, and shows a failed load with a retry', async () => {
    let fail = true;
    const fetchMock = mockApi(() => (fail ? { status: 500, body: { msg: 'Gabim i brendshëm.' } } : { body: pageOf([]) }));
    renderAdmin(<AuditAdmin />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Gabim i brendshëm.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Provo përsëri' }));
    expect(await screen.findByText('Nuk ka asnjë veprim të regjistruar.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
