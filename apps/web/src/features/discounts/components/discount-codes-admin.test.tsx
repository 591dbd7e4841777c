import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { AdminDiscountCode } from '@shop/shared/schemas/discounts';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { DiscountCodesAdmin } from './discount-codes-admin';

const existing: AdminDiscountCode = {
  id: 3,
  code: 'VERA',
  name: 'Dërgesë falas në verë',
  kind: 'free-delivery',
  value: 0,
  validFrom: '2026-06-01',
  validTo: '2026-08-31',
  minSubtotal: 50,
  categories: [],
  brands: [],
  productIds: [],
  products: [],
  maxUses: 100,
  maxUsesPerCustomer: 1,
  paused: false,
  codeLocked: true,
  uses: 2,
  discounted: 5,
  createdAt: '2026-05-30T10:00:00Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Kodet e zbritjes', () => {
  it('lists the codes and creates a -10% code for Samsung phones with the body the API takes', async () => {
    let codes = [existing];
    const api = mockApi((url, init) => {
      if (url === '/api/admin/discount-codes' && init.method === 'POST') {
        const made = {
          ...existing,
          id: 4,
          code: 'SAMS10',
          name: '',
          kind: 'percent',
          value: 10,
          brands: ['Samsung'],
          categories: ['phone'],
          uses: 0,
        };
        codes = [made as AdminDiscountCode, ...codes];
        return { status: 201, body: made };
      }
      if (url === '/api/admin/discount-codes') return { body: codes };
      return { status: 404, body: { msg: 'Nuk u gjet.' } };
    });
    renderAdmin(<DiscountCodesAdmin />);
    const row = await screen.findByText('VERA');
    expect(row.closest('tr')).toHaveTextContent('Dërgesë falas');
    expect(row.closest('tr')).toHaveTextContent('01.06.2026 – 31.08.2026');
    expect(row.closest('tr')).toHaveTextContent('2 / 100');

    await userEvent.type(screen.getByLabelText('Kodi'), 'sams10');
    await userEvent.type(screen.getByLabelText('Vlera'), '10');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Telefona' }));
    await userEvent.type(screen.getByLabelText('Markat (të ndara me presje)'), 'Samsung');
    await userEvent.click(screen.getByRole('button', { name: 'Krijo kodin' }));
    expect(await screen.findByText('Kodi SAMS10 u krijua.')).toBeInTheDocument();
    const post = callsOf(api).find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      code: 'sams10',
      name: '',
      kind: 'percent',
      value: 10,
      validFrom: null,
      validTo: null,
      minSubtotal: 0,
      categories: ['phone'],
      brands: ['Samsung'],
      productIds: [],
      maxUses: null,
      maxUsesPerCustomer: null,
    });
    await waitFor(() => expect(screen.getByText('SAMS10').closest('tr')).toHaveTextContent('Samsung · Telefona'));
  });

  it('shows the server’s Albanian refusal and keeps what was typed', async () => {
    mockApi((url, init) => {
      if (url === '/api/admin/discount-codes' && init.method === 'POST')
        return { status: 409, body: { msg: 'Ky kod ekziston tashmë. Zgjidhni një kod tjetër.' } };
      if (url === '/api/admin/discount-codes') return { body: [existing] };
      return { status: 404, body: { msg: 'Nuk u gjet.' } };
    });
    renderAdmin(<DiscountCodesAdmin />);
    await screen.findByText('VERA');
    await userEvent.type(screen.getByLabelText('Kodi'), 'VERA');
    await userEvent.type(screen.getByLabelText('Vlera'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Krijo kodin' }));
    expect(await screen.findByText('Ky kod ekziston tashmë. Zgjidhni një kod tjetër.')).toBeInTheDocument();
    expect(screen.getByLabelText('Kodi')).toHaveValue('VERA');
  });

  it('pauses a code and shows its uses', async () => {
    let paused = false;
    const api = mockApi((url, init) => {
      if (url === '/api/admin/discount-codes/3' && init.method === 'PATCH') {
        paused = (init.json as { paused: boolean }).paused;
        return { body: { ...existing, paused } };
      }
      if (url === '/api/admin/discount-codes/3/uses') {
        return { body: [{ orderId: 41, createdAt: '2026-07-01T08:00:00Z', customer: 'Arta Krasniqi', discount: 2.5, status: 'pending' }] };
      }
      if (url === '/api/admin/discount-codes') return { body: [{ ...existing, paused }] };
      return { status: 404, body: { msg: 'Nuk u gjet.' } };
    });
    renderAdmin(<DiscountCodesAdmin />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pezullo VERA' }));
    expect(await screen.findByText('Kodi VERA u pezullua.')).toBeInTheDocument();
    expect(callsOf(api).find((c) => c.method === 'PATCH')?.body).toEqual({ paused: true });
    expect(await screen.findByRole('button', { name: 'Rifillo VERA' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Shiko përdorimet VERA' }));
    const uses = await screen.findByRole('region', { name: 'Përdorime: VERA' });
    expect(await within(uses).findByText('Arta Krasniqi')).toBeInTheDocument();
    expect(within(uses).getByText('−2,50 €')).toBeInTheDocument();
    expect(within(uses).getByRole('link', { name: '#41' })).toHaveAttribute('href', '/admin/orders/41');
  });

  const pro: AdminDiscountCode = {
    ...existing,
    id: 7,
    code: 'PRO15',
    name: '-15% për iPhone',
    kind: 'percent',
    value: 15,
    validFrom: '2026-11-01',
    validTo: null,
    minSubtotal: 99.5,
    categories: ['phone'],
    brands: ['Apple', 'Samsung'],
    productIds: ['iphone-15'],
    products: [{ id: 'iphone-15', name: 'iPhone 15' }],
    maxUses: 10,
    maxUsesPerCustomer: null,
    codeLocked: false,
    uses: 0,
    discounted: 0,
  };

  it('“Ndrysho” opens the form filled in; saving sends every field, says so, and gives the focus back to the row', async () => {
    let current = pro;
    let served = 0;
    const api = mockApi((url, init) => {
      if (url === '/api/admin/discount-codes/7' && init.method === 'PUT') {
        current = { ...current, value: (init.json as { value: number }).value };
        return { body: current };
      }
      // Each read a new use (a shopper ordering meanwhile): the list's objects change.
      if (url === '/api/admin/discount-codes') return { body: [{ ...current, uses: (served += 1) }, existing] };
      return { status: 404, body: { msg: 'Nuk u gjet.' } };
    });
    renderAdmin(<DiscountCodesAdmin />);
    const edit = await screen.findByRole('button', { name: 'Ndrysho PRO15' });
    // By keyboard: the button takes Enter.
    edit.focus();
    await userEvent.keyboard('{Enter}');
    const form = await screen.findByRole('form', { name: 'Ndrysho kodin PRO15' });
    expect(screen.getByRole('heading', { name: 'Ndrysho kodin PRO15' })).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Kod i ri' })).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Kodi')).toHaveValue('PRO15');
    expect(within(form).getByLabelText('Kodi')).not.toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Përshkrimi (i shfaqet klientit)')).toHaveValue('-15% për iPhone');
    expect(within(form).getByLabelText('Lloji')).toHaveValue('percent');
    expect(within(form).getByLabelText('Vlera')).toHaveValue('15');
    expect(within(form).getByLabelText('Vlen nga')).toHaveValue('2026-11-01');
    expect(within(form).getByLabelText('Vlen deri')).toHaveValue('');
    expect(within(form).getByLabelText('Porosia minimale (€)')).toHaveValue('99,50');
    expect(within(form).getByRole('checkbox', { name: 'Telefona' })).toBeChecked();
    expect(within(form).getByLabelText('Markat (të ndara me presje)')).toHaveValue('Apple, Samsung');
    expect(within(form).getByRole('list', { name: 'Produktet' })).toHaveTextContent('iPhone 15');
    expect(within(form).getByLabelText('Kufiri i përdorimeve gjithsej')).toHaveValue('10');
    expect(within(form).getByLabelText('Kufiri për klient')).toHaveValue('');
    expect(form).toHaveAccessibleDescription('Porositë e bëra e mbajnë zbritjen që morën; ndryshimet vlejnë për porositë e reja.');

    const value = within(form).getByLabelText('Vlera');
    await userEvent.clear(value);
    await userEvent.type(value, '20');
    // The list read anew while the owner types (back to the tab): the form keeps what was typed and the focus.
    const reads = () => callsOf(api).filter((c) => c.method === 'GET' && c.url === '/api/admin/discount-codes').length;
    const before = reads();
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    // The new read is on the screen (its uses in the row) before the focus is looked at.
    await waitFor(() => expect(document.querySelector('tr[data-code="PRO15"]')).toHaveTextContent(`${served} / 10`));
    focusManager.setFocused(undefined);
    expect(value).toHaveFocus();
    expect(value).toHaveValue('20');
    await userEvent.click(within(form).getByRole('button', { name: 'Ruaj ndryshimet' }));
    expect(await screen.findByText('Kodi PRO15 u ndryshua.')).toBeInTheDocument();
    expect(callsOf(api).find((c) => c.method === 'PUT')?.body).toEqual({
      code: 'PRO15',
      name: '-15% për iPhone',
      kind: 'percent',
      value: 20,
      validFrom: '2026-11-01',
      validTo: null,
      minSubtotal: 99.5,
      categories: ['phone'],
      brands: ['Apple', 'Samsung'],
      productIds: ['iphone-15'],
      maxUses: 10,
      maxUsesPerCustomer: null,
    });
    expect(await screen.findByRole('heading', { name: 'Kod i ri' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ndrysho PRO15' })).toHaveFocus());
    await waitFor(() => expect(screen.getByText('PRO15').closest('tr')).toHaveTextContent('−20%'));
  });

  it('a used code’s text is read-only with the reason; a refusal keeps the form open as typed; “Anulo” closes it', async () => {
    mockApi((url, init) => {
      if (url === '/api/admin/discount-codes/3' && init.method === 'PUT') {
        return { status: 409, body: { msg: 'Kufiri i përdorimeve nuk mund të jetë më i vogël se përdorimet deri tani (2).' } };
      }
      if (url === '/api/admin/discount-codes') return { body: [existing] };
      return { status: 404, body: { msg: 'Nuk u gjet.' } };
    });
    renderAdmin(<DiscountCodesAdmin />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ndrysho VERA' }));
    const form = await screen.findByRole('form', { name: 'Ndrysho kodin VERA' });
    const code = within(form).getByLabelText('Kodi');
    expect(code).toHaveAttribute('readonly');
    expect(code).toHaveAccessibleDescription(
      'Kodi është përdorur në porosi, prandaj teksti i tij nuk ndryshon më. Për një tekst tjetër krijoni një kod të ri.',
    );
    // Free delivery has no value field.
    expect(within(form).queryByLabelText('Vlera')).not.toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Kufiri i përdorimeve gjithsej'));
    await userEvent.type(within(form).getByLabelText('Kufiri i përdorimeve gjithsej'), '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Ruaj ndryshimet' }));
    expect(await screen.findByText('Kufiri i përdorimeve nuk mund të jetë më i vogël se përdorimet deri tani (2).')).toBeInTheDocument();
    expect(within(form).getByLabelText('Kufiri i përdorimeve gjithsej')).toHaveValue('1');
    await userEvent.click(within(form).getByRole('button', { name: 'Anulo' }));
    expect(await screen.findByRole('heading', { name: 'Kod i ri' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ndrysho VERA' })).toHaveFocus());
  });
});
