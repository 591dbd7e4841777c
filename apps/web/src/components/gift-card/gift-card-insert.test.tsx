import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { GiftCardInsert } from './gift-card-insert';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the printed insert of a gift card (decision 048)', () => {
  it("shows the shop from 'Cilësimet', the value, the code, 'pa afat skadimi' and the QR code of the balance link", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          shopName: 'Dyqani Testi',
          shopPhone: '+383 49 000 000',
          whatsappNumber: '',
          viberNumber: '',
          bankName: '',
          iban: '',
          couriers: [],
        }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { container } = render(
      <QueryClientProvider client={client}>
        <GiftCardInsert card={{ id: 1, code: 'ABCD-EFGH-JKLM-NPQR', value: 50, last4: 'NPQR' }} />
      </QueryClientProvider>,
    );
    const insert = screen.getByRole('article', { name: 'Kartë dhurate …NPQR' });
    expect(insert).toHaveTextContent('50,00 €');
    expect(insert).toHaveTextContent('pa afat skadimi');
    expect(screen.getByTestId('gift-insert-code')).toHaveTextContent('ABCD-EFGH-JKLM-NPQR');
    expect(await screen.findByText('Dyqani Testi')).toBeInTheDocument();
    expect(insert).toHaveTextContent('Tel: +383 49 000 000');
    await waitFor(() => expect(container.querySelector('.gi-qr svg')).not.toBeNull());
    // The A6 page is set only while the insert is the paper to print.
    expect(container.querySelector('style')?.textContent).toContain('105mm 148mm');
  });
});
