import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Order } from '@shop/shared/schemas/order';
import { ShipmentBox, TransferBox } from './order-payment';

const order = (o: Partial<Order> = {}): Order => ({
  id: 42,
  items: [],
  total: 129.5,
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  subtotal: 127,
  deliveryFee: 2.5,
  fulfilment: 'delivery',
  paymentMethod: 'transfer',
  delivery: null,
  note: null,
  transfer: {
    bankName: 'Banka për Biznes',
    iban: 'XK051212012345678906',
    amount: 129.5,
    reference: 'Porosia 42',
    payBy: '2026-11-23T10:00:00.000Z',
    paidAt: null,
  },
  ...o,
});

describe('<TransferBox>', () => {
  it('shows the bank, the IBAN in groups of four, the amount, the reference and the day to pay by', () => {
    render(<TransferBox order={order()} />);
    const box = screen.getByRole('region', { name: 'Pagesa me transfer bankar' });
    expect(box).toHaveTextContent('Banka për Biznes');
    expect(screen.getByTestId('order-iban')).toHaveTextContent('XK05 1212 0123 4567 8906');
    expect(screen.getByTestId('order-reference')).toHaveTextContent('Porosia 42');
    expect(box).toHaveTextContent('23.11.2026');
  });
  it('says it is paid once paid, and shows nothing for cash or a cancelled order', () => {
    const { rerender } = render(<TransferBox order={order({ transfer: { ...order().transfer!, paidAt: '2026-11-21T09:00:00.000Z' } })} />);
    expect(screen.getByText('Pagesa u pranua më 21.11.2026. Faleminderit!')).toBeInTheDocument();
    rerender(<TransferBox order={order({ paymentMethod: 'cash', transfer: null })} />);
    expect(screen.queryByRole('region')).toBeNull();
    rerender(<TransferBox order={order({ status: 'cancelled' })} />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('<ShipmentBox>', () => {
  it("links to the courier's tracking page in a new tab", () => {
    render(
      <ShipmentBox
        order={order({
          status: 'shipped',
          shipment: { courier: 'Posta e Kosovës', trackingNumber: 'RR1X', trackingUrl: 'https://posta.example/t?nr=RR1X' },
        })}
      />,
    );
    const link = screen.getByRole('link', { name: /Gjurmo dërgesën/ });
    expect(link).toHaveAttribute('href', 'https://posta.example/t?nr=RR1X');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Posta e Kosovës')).toBeInTheDocument();
  });
});
