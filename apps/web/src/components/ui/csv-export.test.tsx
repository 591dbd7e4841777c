import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listsMsg } from '@shop/shared/messages-lists';
import { todayInShop } from '@shop/shared/domain/time';
import { setSession } from '../../lib/session';
import { CsvExport } from './csv-export';

afterEach(() => vi.unstubAllGlobals());

function stubDownloads() {
  const saved: { name: string; href: string }[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  return { saved, click };
}

describe('<CsvExport>', () => {
  it("downloads the chosen export for the range with the token, under the server's file name", async () => {
    setSession('tok', { id: 1, name: 'Admin', email: 'a@b.c', role: 'admin' });
    const fetchMock = vi.fn(
      async () =>
        new Response('\uFEFFEmail;Regjistruar më\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="newsletter-2026-01-01-2026-01-31.csv"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { saved } = stubDownloads();
    render(<CsvExport kinds={['customers', 'newsletter']} />);
    await userEvent.click(screen.getByText(listsMsg.exportTitle, { selector: 'summary' }));
    const form = screen.getByRole('button', { name: listsMsg.exportButton }).closest('form')!;
    // This month by default.
    expect(within(form).getByLabelText(listsMsg.exportFrom)).toHaveValue(`${todayInShop().slice(0, 8)}01`);
    expect(within(form).getByLabelText(listsMsg.exportTo)).toHaveValue(todayInShop());
    await userEvent.selectOptions(within(form).getByLabelText(listsMsg.exportWhat), 'newsletter');
    const from = within(form).getByLabelText(listsMsg.exportFrom);
    const to = within(form).getByLabelText(listsMsg.exportTo);
    await userEvent.clear(to);
    await userEvent.type(to, '2026-01-31');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-01');
    await userEvent.click(within(form).getByRole('button', { name: listsMsg.exportButton }));
    expect(await within(form).findByText(listsMsg.exportDone('newsletter-2026-01-01-2026-01-31.csv'))).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/export/newsletter.csv?from=2026-01-01&to=2026-01-31');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(saved).toEqual([{ name: 'newsletter-2026-01-01-2026-01-31.csv', href: 'blob:csv' }]);
  });

  it("shows the server's Albanian refusal, and refuses a reversed range before any call", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ msg: listsMsg.rangeTooLong }), { status: 400 }));
    vi.stubGlobal('fetch', fetchMock);
    stubDownloads();
    render(<CsvExport kinds={['orders']} />);
    await userEvent.click(screen.getByText(listsMsg.exportTitle, { selector: 'summary' }));
    // One kind: no menu.
    expect(screen.queryByLabelText(listsMsg.exportWhat)).toBeNull();
    const button = screen.getByRole('button', { name: listsMsg.exportButton });
    await userEvent.click(button);
    expect(await screen.findByText(listsMsg.rangeTooLong)).toBeInTheDocument();
    const from = screen.getByLabelText(listsMsg.exportFrom);
    await userEvent.clear(from);
    await userEvent.type(from, '2999-01-01');
    expect(screen.getByRole('status')).toHaveTextContent(listsMsg.rangeOrder);
    expect(button).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
