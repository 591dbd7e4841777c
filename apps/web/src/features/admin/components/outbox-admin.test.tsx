import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mailMsg } from '@shop/shared/messages-mail';
import type { OutboxMail, OutboxPage } from '@shop/shared/schemas/outbox';
import { setSession } from '../../../lib/session';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { OutboxAdmin } from './outbox-admin';

const mail = (id: number, status: OutboxMail['status'], extra: Partial<OutboxMail> = {}): OutboxMail => ({
  id,
  kind: 'reset-password',
  to: `klient${id}@example.com`,
  subject: `Rivendosni fjalëkalimin ${id}`,
  text: `Përshëndetje,\n\nRivendosni fjalëkalimin: http://localhost:3000/rivendos-fjalekalimin?token=abc${id}\n`,
  status,
  attempts: status === 'pending' ? 0 : status === 'sent' ? 1 : 8,
  lastError: status === 'failed' ? 'EMESSAGE: 451 Try again later' : null,
  createdAt: '2026-05-04T10:00:00.000Z',
  nextAttemptAt: '2026-05-04T10:00:00.000Z',
  sentAt: status === 'sent' ? '2026-05-04T10:00:05.000Z' : null,
  ...extra,
});

const page = (items: OutboxMail[], o: Partial<OutboxPage> = {}): OutboxPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  smtpConfigured: true,
  ...o,
});

afterEach(() => vi.unstubAllGlobals());

describe('<OutboxAdmin>', () => {
  it('lists mails with Albanian statuses, kinds, attempts and the last error, with the token sent', async () => {
    setSession('admin-token', { id: 1, name: 'Admin', email: 'a@x', role: 'admin' });
    const fetchMock = mockApi(() => ({ body: page([mail(3, 'failed'), mail(2, 'sent', { kind: 'verify-email' }), mail(1, 'pending')]) }));
    renderAdmin(<OutboxAdmin />);
    expect(screen.getByRole('heading', { name: 'E-mailet' })).toBeInTheDocument();
    const failed = (await screen.findByTitle('klient3@example.com')).closest('tr')!;
    expect(within(failed).getByText('Dështoi')).toBeInTheDocument();
    expect(within(failed).getByText('Rivendosja e fjalëkalimit')).toBeInTheDocument();
    expect(within(failed).getByText('8')).toBeInTheDocument();
    expect(within(failed).getByText('EMESSAGE: 451 Try again later')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: /^Provo përsëri/ })).toBeInTheDocument();
    const sent = screen.getByTitle('klient2@example.com').closest('tr')!;
    expect(within(sent).getByText('Dërguar')).toBeInTheDocument();
    expect(within(sent).getByText('Verifikimi i e-mailit')).toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: /Provo përsëri/ })).toBeNull();
    const pending = screen.getByTitle('klient1@example.com').closest('tr')!;
    expect(within(pending).getByText('Në pritje')).toBeInTheDocument();
    // SMTP is configured: no note about copying links by hand.
    expect(screen.queryByRole('note')).toBeNull();
    expect(callsOf(fetchMock)[0]).toMatchObject({ method: 'GET', url: '/api/admin/outbox?page=1', auth: 'Bearer admin-token' });
  });

  it('without SMTP says so, and opening a mail shows its text so a link can be copied', async () => {
    mockApi(() => ({ body: page([mail(1, 'pending')], { smtpConfigured: false }) }));
    renderAdmin(<OutboxAdmin />);
    expect(await screen.findByRole('note')).toHaveTextContent('SMTP_URL mungon');
    const open = screen.getByRole('button', { name: /^Hap: Rivendosni fjalëkalimin 1/ });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    const region = screen.getByRole('region', { name: /Teksti i e-mailit: Rivendosni fjalëkalimin 1/ });
    expect(region.querySelector('pre')!.textContent).toContain('http://localhost:3000/rivendos-fjalekalimin?token=abc1');
    const close = screen.getByRole('button', { name: /^Mbyll: Rivendosni fjalëkalimin 1/ });
    expect(close).toHaveAttribute('aria-expanded', 'true');
    expect(close).toHaveAttribute('aria-controls', region.id);
    await userEvent.click(close);
    expect(screen.queryByRole('region', { name: /Teksti i e-mailit/ })).toBeNull();
  });

  it('filters by status and pages, asking the server for each', async () => {
    const fetchMock = mockApi((url) => {
      const q = new URL(url, 'http://x').searchParams;
      const p = Number(q.get('page'));
      const status = q.get('status');
      if (status === 'failed') return { body: page([mail(9, 'failed')]) };
      return { body: page([mail(40 - p, 'sent')], { total: 45, page: p }) };
    });
    renderAdmin(<OutboxAdmin />);
    expect(await screen.findByText('Faqja 1 nga 3 · 45 e-maile')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Faqja e mëparshme' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Faqja tjetër' }));
    expect(await screen.findByText('Faqja 2 nga 3 · 45 e-maile')).toBeInTheDocument();
    expect(screen.getByTitle('klient38@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Faqja tjetër' }));
    expect(await screen.findByText('Faqja 3 nga 3 · 45 e-maile')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Faqja tjetër' })).toBeDisabled();

    const group = screen.getByRole('group', { name: 'Gjendja' });
    await userEvent.click(within(group).getByRole('button', { name: 'Dështoi' }));
    expect(await screen.findByTitle('klient9@example.com')).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Dështoi' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Faqja 1 nga 1 · 1 e-mail')).toBeInTheDocument();
    expect(callsOf(fetchMock).map((c) => c.url)).toEqual([
      '/api/admin/outbox?page=1',
      '/api/admin/outbox?page=2',
      '/api/admin/outbox?page=3',
      '/api/admin/outbox?page=1&status=failed',
    ]);
  });

  it("'Provo përsëri' posts the retry, says so and reloads the list", async () => {
    let failed = true;
    const fetchMock = mockApi((url, init) => {
      if (init.method === 'POST') {
        failed = false;
        return { body: { msg: mailMsg.retryQueued, mail: mail(3, 'pending') } };
      }
      return { body: page([failed ? mail(3, 'failed') : mail(3, 'pending')]) };
    });
    renderAdmin(<OutboxAdmin />);
    await userEvent.click(await screen.findByRole('button', { name: /^Provo përsëri: Rivendosni fjalëkalimin 3/ }));
    expect(await screen.findByRole('status')).toHaveTextContent(mailMsg.retried);
    await waitFor(() => expect(within(screen.getByTitle('klient3@example.com').closest('tr')!).getByText('Në pritje')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Provo përsëri/ })).toBeNull();
    expect(callsOf(fetchMock).filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ url: '/api/admin/outbox/3/retry' })]);
  });

  it('shows the Albanian error of a refused retry', async () => {
    mockApi((_url, init) =>
      init.method === 'POST' ? { status: 409, body: { msg: mailMsg.retryOnlyFailed } } : { body: page([mail(3, 'failed')]) },
    );
    renderAdmin(<OutboxAdmin />);
    await userEvent.click(await screen.findByRole('button', { name: /^Provo përsëri/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(mailMsg.retryOnlyFailed);
  });

  it('says so when the list is empty', async () => {
    mockApi(() => ({ body: page([]) }));
    renderAdmin(<OutboxAdmin />);
    expect(await screen.findByText(mailMsg.empty)).toBeInTheDocument();
  });
});
