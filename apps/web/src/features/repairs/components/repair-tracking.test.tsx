import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { repairMessages as m, repairScreenMessages as t } from '@shop/shared/messages-repairs';
import type { RepairTracking } from '@shop/shared/schemas/repairs';
import { setSession } from '../../../lib/session';
import { pageAnswerKey } from '../../../lib/page-answer';
import { RepairTrackingView } from './repair-tracking';

const tracking = (extra: Partial<RepairTracking> = {}): RepairTracking => ({
  code: 'R-7K2M9Q4XHD',
  status: 'awaiting-approval',
  device: 'Apple iPhone 13',
  estimate: 120,
  warranty: false,
  canAnswer: true,
  history: [
    { status: 'received', at: '2026-05-04T08:00:00.000Z', customerNote: '', amount: null },
    { status: 'diagnosing', at: '2026-05-04T10:00:00.000Z', customerNote: '', amount: null },
    { status: 'awaiting-approval', at: '2026-05-04T12:30:00.000Z', customerNote: 'Ekrani duhet ndërruar.', amount: 120 },
  ],
  ...extra,
});

type Answer = { status?: number; body?: unknown };
function mockFetch(handler: (url: string, body: Record<string, unknown>) => Answer) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { status = 200, body } = handler(String(input), JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>);
    return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderView(initialCode = '', initialProof = '', served?: unknown) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  if (served) client.setQueryData(pageAnswerKey, { form: 'repair-tracking', data: served });
  render(
    <QueryClientProvider client={client}>
      <RepairTrackingView initialCode={initialCode} initialProof={initialProof} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe('<RepairTrackingView> (/servisi/statusi)', () => {
  it('rendered by the server with its answer (issue 26): shows it without asking again; every control is a form the server answers', () => {
    const fetchMock = mockFetch(() => ({ body: tracking() }));
    renderView('R-7K2M9Q4XHD', '3456', { code: 'R-7K2M9Q4XHD', proof: '3456', tracking: tracking(), confirm: 'approve' });
    expect(screen.getByTestId('repair-status')).toHaveTextContent('Pret aprovimin');
    expect(screen.getByRole('button', { name: t.confirmYes })).toHaveAttribute('name', 'konfirmo');
    const lookup = screen.getByRole('button', { name: m.trackSubmit }).closest('form')!;
    expect(lookup).toHaveAttribute('method', 'post');
    expect(lookup).toHaveAttribute('action', '/servisi/statusi');
    const answer = screen.getByRole('group', { name: m.trackEstimate });
    expect(answer.tagName).toBe('FORM');
    expect(answer.querySelector('input[name="kodi"]')).toHaveValue('R-7K2M9Q4XHD');
    expect(answer.querySelector('input[name="pergjigja"]')).toHaveValue('prano');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the refusal the server rendered under its field', () => {
    mockFetch(() => ({ body: tracking() }));
    renderView('', '', { code: 'x', proof: '3456', fieldError: { field: 'code', text: m.trackBadCode } });
    expect(screen.getByText(m.trackBadCode)).toBeVisible();
    expect(screen.getByLabelText(m.trackCode)).toHaveValue('x');
  });

  it('opened from the QR link: filled in and looked up at once; status, device, estimate, the public history', async () => {
    // A signed-in admin's token is never sent with the customer's lookup.
    setSession('admin-token', { id: 1, name: 'Admin', email: 'a@x', role: 'admin' });
    const fetchMock = mockFetch(() => ({ body: tracking() }));
    renderView('R-7K2M9Q4XHD', '3456');
    expect(screen.getByLabelText(m.trackCode)).toHaveValue('R-7K2M9Q4XHD');
    expect(screen.getByLabelText(m.trackProof)).toHaveValue('3456');
    expect(await screen.findByTestId('repair-status')).toHaveTextContent('Pret aprovimin');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/repairs/track');
    expect(JSON.parse(String(init!.body))).toEqual({ code: 'R-7K2M9Q4XHD', proof: '3456' });
    expect((init!.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(screen.getByText('Apple iPhone 13')).toBeInTheDocument();
    expect(screen.getByText('120,00 €')).toBeInTheDocument();
    const history = screen.getByRole('list');
    const items = within(history).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('.repair-track-history-status')?.textContent)).toEqual([
      'Pret aprovimin',
      'Në diagnostikim',
      'Pranuar',
    ]);
    expect(within(items[0]!).getByText('Ekrani duhet ndërruar.')).toBeInTheDocument();
    expect(screen.queryByText(/Gati për marrje/)).toBeNull();
  });

  it('approves the estimate after a confirmation step', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/answer')
        ? {
            body: tracking({
              status: 'repairing',
              canAnswer: false,
              history: [...tracking().history, { status: 'repairing', at: '2026-05-04T13:00:00.000Z', customerNote: '', amount: 120 }],
            }),
          }
        : { body: tracking() },
    );
    const user = renderView('R-7K2M9Q4XHD', '3456');
    await user.click(await screen.findByRole('button', { name: m.approve }));
    expect(screen.getByText('Aprovoni çmimin e parashikuar 120,00 €? Riparimi fillon menjëherë.')).toBeInTheDocument();
    // 'Kthehu' leaves it unanswered.
    await user.click(screen.getByRole('button', { name: 'Kthehu' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: m.approve }));
    await user.click(screen.getByRole('button', { name: 'Po, vazhdo' }));
    expect(await screen.findByRole('status')).toHaveTextContent(m.approved);
    expect(screen.getByTestId('repair-status')).toHaveTextContent('Në riparim');
    expect(screen.queryByRole('button', { name: m.approve })).toBeNull();
    // The approval names the amount the customer saw (issue 26).
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toEqual({
      code: 'R-7K2M9Q4XHD',
      proof: '3456',
      approve: true,
      amount: 120,
    });
    expect(screen.getByText('Aprovuar: 120,00 €')).toBeInTheDocument();
    expect(screen.getByText('Çmimi për aprovim: 120,00 €')).toBeInTheDocument();
  });

  it('an estimate changed while the page was open: the approval is refused, the new amount shown, and approving again names it', async () => {
    const newer = tracking({
      estimate: 150,
      history: [...tracking().history, { status: 'awaiting-approval', at: '2026-05-04T12:45:00.000Z', customerNote: '', amount: 150 }],
    });
    let looked = 0;
    const fetchMock = mockFetch((url, body) => {
      if (!url.endsWith('/answer')) return { body: looked++ === 0 ? tracking() : newer };
      return body.amount === 150
        ? { body: tracking({ status: 'repairing', canAnswer: false, estimate: 150 }) }
        : { status: 409, body: { msg: m.staleEstimate('150,00 €') } };
    });
    const user = renderView('R-7K2M9Q4XHD', '3456');
    await user.click(await screen.findByRole('button', { name: m.approve }));
    await user.click(screen.getByRole('button', { name: 'Po, vazhdo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.staleEstimate('150,00 €'));
    expect(await screen.findByText('150,00 €')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.approve }));
    expect(screen.getByText('Aprovoni çmimin e parashikuar 150,00 €? Riparimi fillon menjëherë.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Po, vazhdo' }));
    expect(await screen.findByRole('status')).toHaveTextContent(m.approved);
    const answers = fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/answer')).map(([, init]) => JSON.parse(String(init!.body)));
    expect(answers.map((b: { amount: number }) => b.amount)).toEqual([120, 150]);
  });

  it("shows the server's refusal of an answer that comes too late", async () => {
    mockFetch((url) => (url.endsWith('/answer') ? { status: 409, body: { msg: m.notAwaitingApproval } } : { body: tracking() }));
    const user = renderView('R-7K2M9Q4XHD', '3456');
    await user.click(await screen.findByRole('button', { name: m.refuse }));
    expect(screen.getByText(/Pajisja kthehet pa riparim/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Po, vazhdo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.notAwaitingApproval);
  });

  it('a ready device: the ready text with the opening hours; a warranty repair says it is free', async () => {
    mockFetch(() => ({ body: tracking({ status: 'ready', canAnswer: false, warranty: true, estimate: 0 }) }));
    renderView('r-7k2m 9q4x hd', '044 123 456');
    expect(await screen.findByText(m.trackReady('E hënë – E shtunë', '09:00', '21:00'))).toBeInTheDocument();
    expect(screen.getByText(m.trackWarranty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.approve })).toBeNull();
  });

  it('checks the code and proof before asking, and shows a not-found or rate-limit answer in an alert', async () => {
    let answer: Answer = { status: 404, body: { msg: m.trackNotFound } };
    const fetchMock = mockFetch(() => answer);
    const user = renderView();
    await user.click(screen.getByRole('button', { name: m.trackSubmit }));
    expect(screen.getByLabelText(m.trackCode)).toHaveFocus();
    expect(screen.getByLabelText(m.trackCode)).toHaveAccessibleDescription(m.trackBadCode);
    await user.type(screen.getByLabelText(m.trackCode), 'R-7K2M9Q4XHD');
    await user.click(screen.getByRole('button', { name: m.trackSubmit }));
    expect(screen.getByLabelText(m.trackProof)).toHaveFocus();
    expect(screen.getByLabelText(m.trackProof)).toHaveAccessibleDescription(m.trackBadProof);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(m.trackProof), '9999');
    await user.click(screen.getByRole('button', { name: m.trackSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.trackNotFound);
    expect(screen.queryByTestId('repair-status')).toBeNull();

    answer = { status: 429, body: {} };
    await user.click(screen.getByRole('button', { name: m.trackSubmit }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Shumë kërkime në pak kohë.'));
  });
});
