import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { clearSession, setSession } from '../../../lib/session';
import { WarrantyForm } from './warranty-form';
import { filterSheets } from './warranty-list';

function renderForm(onPrinted = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WarrantyForm onPrinted={onPrinted} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onPrinted };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });

async function fillComplete(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Emri'), 'Arta');
  await user.type(field('Mbiemri'), 'Krasniqi');
  await user.type(field('Telefoni'), '044123456');
  await user.selectOptions(field('Marka'), 'Apple');
  await user.selectOptions(field('Modeli'), 'iPhone 15');
  await user.type(field('IMEI'), '35693810123456');
  await user.selectOptions(field('Versioni i softuerit'), 'iOS 17');
  await user.selectOptions(field('Kohëzgjatja'), '6 muaj');
  await user.type(field('Çmimi (€)'), '40');
}

const sheet: WarrantySheet = {
  id: 7,
  emri: 'Arta',
  mbiemri: 'Krasniqi',
  telefoni: '044123456',
  email: '',
  marka: 'Apple',
  modeli: 'iPhone 15',
  imei: '35693810123456',
  softInfo: 'iOS 17',
  kohezgjatja: '6 muaj',
  cmimi: 40,
  data: '2025-05-05',
  komente: '',
  llojiPageses: 'Cash',
  status: 'printed',
  createdAt: '2025-05-05T10:00:00.000Z',
};

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('WarrantyForm', () => {
  it('keeps model and software closed until a brand is chosen, and clears both when the brand changes', async () => {
    const { user } = renderForm();
    expect(field('Modeli')).toBeDisabled();
    expect(field('Versioni i softuerit')).toBeDisabled();
    await user.selectOptions(field('Marka'), 'Xiaomi');
    expect(field('Modeli')).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Byzylykë' })).toBeInTheDocument();
    await user.selectOptions(field('Modeli'), 'Xiaomi Smart Band 9');
    await user.selectOptions(field('Versioni i softuerit'), 'HyperOS 1');
    await user.selectOptions(field('Marka'), 'Samsung');
    expect(field('Modeli')).toHaveValue('');
    expect(field('Versioni i softuerit')).toHaveValue('');
  });

  it('shows the first failing rule, focuses its field, and clears the message on any edit', async () => {
    const { user } = renderForm();
    await user.type(field('Emri'), 'Arta');
    await user.click(screen.getByRole('button', { name: 'Printo' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Shkruani mbiemrin.');
    expect(field('Mbiemri')).toHaveFocus();
    expect(field('Mbiemri')).toHaveAttribute('aria-invalid', 'true');
    await user.type(field('Komente'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('without a token says so and makes no call, for print and for a draft', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const { user, onPrinted } = renderForm();
    await fillComplete(user);
    await user.click(screen.getByRole('button', { name: 'Printo' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Token i aksesit mungon! Kyqu si admin.');
    await user.click(screen.getByRole('button', { name: 'NE PRITJE' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Token i aksesit mungon! Kyqu si admin.');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(onPrinted).not.toHaveBeenCalled();
  });

  it('refuses to save a draft with a malformed email or phone, under that field, without a call', async () => {
    setSession('t0k3n', { id: 1, name: 'Admin', email: 'a@b.c', role: 'admin' });
    const fetchSpy = vi.fn().mockResolvedValue(jsonResponse(201, { ...sheet, status: 'draft' }));
    vi.stubGlobal('fetch', fetchSpy);
    const { user } = renderForm();
    const draft = screen.getByRole('button', { name: 'NE PRITJE' });
    await user.type(field('Emri'), 'Arta');
    await user.type(field('Email'), 'jo-email');
    await user.click(draft);
    expect(screen.getByRole('alert')).toHaveTextContent('Vendosni nje numer telefoni ose nje email te vlefshem.');
    expect(field('Email')).toHaveFocus();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field('Email'));
    await user.type(field('Telefoni'), '044 12');
    await user.click(draft);
    expect(screen.getByRole('alert')).toHaveTextContent('Vendosni nje numer telefoni ose nje email te vlefshem.');
    expect(field('Telefoni')).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
    // Well-formed (or empty) contact details: the draft is saved.
    await user.type(field('Telefoni'), '3 456');
    await user.click(draft);
    expect(await screen.findByRole('status')).toHaveTextContent('Drafti eshte ruajtur me sukses!');
    expect(JSON.parse(String((fetchSpy.mock.calls[0] as [string, RequestInit])[1].body))).toMatchObject({
      status: 'draft',
      emri: 'Arta',
      telefoni: '044 123 456',
      email: '',
    });
  });

  it('keeps every digit of a scanned 15-digit IMEI and refuses it with the contract message, for print and for a draft', async () => {
    setSession('t0k3n', { id: 1, name: 'Admin', email: 'a@b.c', role: 'admin' });
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const { user, onPrinted } = renderForm();
    await fillComplete(user);
    await user.clear(field('IMEI'));
    // A scanner types the digits and presses Enter.
    await user.type(field('IMEI'), '356938101234567{Enter}');
    expect(field('IMEI')).toHaveValue('356938101234567');
    expect(screen.getByRole('alert')).toHaveTextContent('IMEI duhet te jete saktësisht 14 shifra.');
    expect(field('IMEI')).toHaveFocus();
    expect(field('IMEI')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'NE PRITJE' }));
    expect(screen.getByRole('alert')).toHaveTextContent('IMEI duhet te jete saktësisht 14 shifra.');
    expect(field('IMEI')).toHaveValue('356938101234567');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(onPrinted).not.toHaveBeenCalled();
  });

  it("shows the server's msg, or 'Gabim gjate ruajtjes!' when there is none", async () => {
    setSession('t0k3n', { id: 1, name: 'Admin', email: 'a@b.c', role: 'admin' });
    const fetchSpy = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(400, { msg: 'IMEI duhet te jete saktësisht 14 shifra.' }))
      .mockResolvedValueOnce(new Response('<html>', { status: 502 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchSpy);
    const { user } = renderForm();
    const draft = screen.getByRole('button', { name: 'NE PRITJE' });
    await user.click(draft);
    expect(await screen.findByRole('alert')).toHaveTextContent('IMEI duhet te jete saktësisht 14 shifra.');
    await user.click(draft);
    expect(await screen.findByText('Gabim gjate ruajtjes!')).toBeInTheDocument();
    await user.type(field('Emri'), 'A');
    await user.click(draft);
    expect(await screen.findByText('Gabim gjate ruajtjes!')).toBeInTheDocument();
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/warranty');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer t0k3n');
    expect(JSON.parse(String(init.body))).toMatchObject({ status: 'draft', llojiPageses: 'Cash', cmimi: null });
  });

  it('saves a complete sheet as printed, hands it over for printing and starts a new one', async () => {
    setSession('t0k3n', { id: 1, name: 'Admin', email: 'a@b.c', role: 'admin' });
    const fetchSpy = vi.fn().mockResolvedValue(jsonResponse(201, sheet));
    vi.stubGlobal('fetch', fetchSpy);
    const { user, onPrinted } = renderForm();
    await fillComplete(user);
    await user.click(screen.getByRole('button', { name: 'Printo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Garancioni u ruajt dhe u dërgua për printim.');
    expect(onPrinted).toHaveBeenCalledWith(sheet);
    expect(JSON.parse(String((fetchSpy.mock.calls[0] as [string, RequestInit])[1].body))).toMatchObject({
      status: 'printed',
      cmimi: 40,
      imei: '35693810123456',
    });
    expect(field('Emri')).toHaveValue('');
  });
});

describe('filterSheets', () => {
  const other = { ...sheet, id: 8, emri: 'Blerim', mbiemri: 'Gashi', imei: '11112222333344', llojiPageses: 'POS' };
  it('keeps the sheets where any field contains the text, ignoring case', () => {
    expect(filterSheets([sheet, other], 'KRASNIQI').map((s) => s.id)).toEqual([7]);
    expect(filterSheets([sheet, other], '2222').map((s) => s.id)).toEqual([8]);
    expect(filterSheets([sheet, other], 'pos').map((s) => s.id)).toEqual([8]);
    expect(filterSheets([sheet, other], '  ').map((s) => s.id)).toEqual([7, 8]);
    expect(filterSheets([sheet, other], 'nuk-ka')).toEqual([]);
  });

  it('finds a sheet by its IMEI, whole or in part', () => {
    expect(filterSheets([sheet, other], '35693810123456').map((s) => s.id)).toEqual([7]);
    expect(filterSheets([sheet, other], ' 11112222333344 ').map((s) => s.id)).toEqual([8]);
    expect(filterSheets([sheet, other], '0123456').map((s) => s.id)).toEqual([7]);
    expect(filterSheets([sheet, other], '333344').map((s) => s.id)).toEqual([8]);
  });
});
