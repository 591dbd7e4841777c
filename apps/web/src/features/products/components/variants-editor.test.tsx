import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminVariants } from '@shop/shared/schemas/variants';
import type { AdminPhoto } from '@shop/shared/schemas/photos';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { VariantsSection } from './variants-editor';
import { combinations, generateRows, proposedSku } from '../lib/variant-drafts';

const product = { id: 'iphone-16-pro', name: 'iPhone 16 Pro', sku: 'IP16P', price: 1149, oldPrice: null };

/** A product as created: no options, its one default variant. */
const single: AdminVariants = {
  productId: product.id,
  options: [],
  variants: [
    {
      id: 11,
      values: [],
      title: '',
      sku: 'IP16P',
      price: 1149,
      oldPrice: null,
      isDefault: true,
      barcode: null,
      stock: null,
      images: [],
    },
  ],
};

const photo = (id: number): AdminPhoto =>
  ({ id, src: `/uploads/p${id}-480.webp`, srcset: null, avifSrcset: null, width: 480, height: 480 }) as AdminPhoto;

afterEach(() => vi.unstubAllGlobals());

/** The API: GET answers `initial`; PUT answers what `onPut` says (by default the body echoed as saved). */
function api(initial: AdminVariants, onPut?: (body: unknown) => { status?: number; body?: unknown }) {
  return mockApi((url, init) => {
    expect(url).toBe(`/api/admin/products/${product.id}/variants`);
    if (init.method === 'PUT') {
      if (onPut) return onPut(init.json);
      const body = init.json as { options: { name: string; values: string[] }[]; variants: Record<string, unknown>[] };
      return {
        body: {
          productId: product.id,
          options: body.options.map((o, i) => ({
            id: i + 1,
            name: o.name,
            values: o.values.map((v, j) => ({ id: 10 * i + j, value: v })),
          })),
          variants: body.variants.map((v, i) => ({
            id: 100 + i,
            title: (v.values as string[]).join(' / '),
            barcode: null,
            oldPrice: null,
            stock: null,
            images: [],
            isDefault: false,
            ...v,
          })),
        },
      };
    }
    return { body: initial };
  });
}

async function addOption(user: ReturnType<typeof userEvent.setup>, index: number, name: string, values: string[]) {
  await user.click(screen.getByRole('button', { name: '+ Shto opsion' }));
  const group = screen.getByRole('group', { name: `Opsioni ${index}` });
  const nameInput = within(group).getByLabelText('Emri i opsionit');
  await user.clear(nameInput);
  await user.type(nameInput, name);
  const valueInput = within(group).getByLabelText(`Vlerë e re për ${name}`);
  for (const v of values) await user.type(valueInput, `${v}{Enter}`);
}

const grid = () => screen.getByRole('table', { name: `Variantet e ${product.name}` });
const cell = (label: string) => within(grid()).getByRole('textbox', { name: label });

describe('<VariantsSection>', () => {
  it('generates 2 options × 3 values, keeps rows already there, sets a price for one value and sends the whole list', async () => {
    const user = userEvent.setup();
    const fetchMock = api(single);
    renderAdmin(<VariantsSection product={product} photos={[]} />);
    expect(screen.getByRole('heading', { name: 'Variantet' })).toBeInTheDocument();
    await screen.findByRole('table', { name: `Variantet e ${product.name}` });
    // A product without options: one row, no bulk tools.
    expect(within(grid()).getAllByRole('row')).toHaveLength(2);

    await addOption(user, 1, 'Ngjyra', ['Titanium i zi', 'Titanium natyral', 'Titanium i bardhë']);
    // The first suggestion was 'Ngjyra'; the second option suggests 'Memoria'.
    await user.click(screen.getByRole('button', { name: '+ Shto opsion' }));
    expect(within(screen.getByRole('group', { name: 'Opsioni 2' })).getByLabelText('Emri i opsionit')).toHaveValue('Memoria');
    const memory = within(screen.getByRole('group', { name: 'Opsioni 2' })).getByLabelText('Vlerë e re për Memoria');
    for (const v of ['256 GB', '512 GB', '1 TB']) await user.type(memory, `${v}{Enter}`);
    // A value twice is refused where it is typed.
    await user.type(memory, '512 gb{Enter}');
    expect(screen.getByText('Vlera “512 gb” është tashmë te ky opsion.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Vlerat e Memoria' }).children).toHaveLength(3);
    expect(screen.getByText(/Opsionet ndryshuan/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Gjenero kombinimet' }));
    expect(within(grid()).getAllByRole('row')).toHaveLength(1 + 9);
    expect(screen.getByRole('status')).toHaveTextContent('U krijuan 9 kombinime');
    expect(cell('SKU — Titanium i zi / 512 GB')).toHaveValue('IP16P-TITANIUMIZI-512GB');
    expect(cell('Çmimi — Titanium i bardhë / 1 TB')).toHaveValue('1149');
    expect(within(grid()).getByRole('radio', { name: 'Parazgjedhur — Titanium i zi / 256 GB' })).toBeChecked();

    // Per-row editing, then generating again keeps what was typed.
    await user.clear(cell('Stoku — Titanium natyral / 256 GB'));
    await user.type(cell('Stoku — Titanium natyral / 256 GB'), '7');
    await user.click(screen.getByRole('button', { name: 'Gjenero kombinimet' }));
    expect(cell('Stoku — Titanium natyral / 256 GB')).toHaveValue('7');
    expect(screen.getByRole('status')).toHaveTextContent('9 ekzistues u ruajtën, 0 të reja');

    // Bulk: every 512 GB row gets 1.399,00 €, no other row does.
    await user.selectOptions(screen.getByLabelText('Për variantet me'), 'Memoria: 512 GB');
    await user.type(screen.getByLabelText('Çmimi (€)'), '1399');
    await user.click(screen.getByRole('button', { name: 'Vendos çmimin për të gjitha' }));
    expect(screen.getByRole('status')).toHaveTextContent('Çmimi 1.399,00 € u vendos te 3 variante (Memoria: 512 GB).');
    for (const colour of ['Titanium i zi', 'Titanium natyral', 'Titanium i bardhë']) {
      expect(cell(`Çmimi — ${colour} / 512 GB`)).toHaveValue('1399');
      expect(cell(`Çmimi — ${colour} / 256 GB`)).toHaveValue('1149');
    }
    // Stock for every variant, then the default moved.
    await user.selectOptions(screen.getByLabelText('Për variantet me'), 'Të gjitha variantet');
    await user.type(screen.getByLabelText('Stoku'), '4{Enter}');
    expect(cell('Stoku — Titanium i bardhë / 1 TB')).toHaveValue('4');
    await user.click(within(grid()).getByRole('radio', { name: 'Parazgjedhur — Titanium natyral / 512 GB' }));
    await user.type(cell('Barkodi (EAN) — Titanium i zi / 256 GB'), '4006381333931');

    await user.click(screen.getByRole('button', { name: 'Ruaj variantet' }));
    expect(await screen.findByText('Variantet u ruajtën (9).')).toBeInTheDocument();
    const put = callsOf(fetchMock).find((c) => c.method === 'PUT')!;
    expect(put.body.options).toEqual([
      { name: 'Ngjyra', values: ['Titanium i zi', 'Titanium natyral', 'Titanium i bardhë'] },
      { name: 'Memoria', values: ['256 GB', '512 GB', '1 TB'] },
    ]);
    expect(put.body.variants).toHaveLength(9);
    expect(put.body.variants[0]).toEqual({
      values: ['Titanium i zi', '256 GB'],
      sku: 'IP16P-TITANIUMIZI-256GB',
      barcode: '4006381333931',
      price: 1149,
      oldPrice: null,
      stock: 4,
      images: [],
      isDefault: false,
    });
    expect(put.body.variants[4]).toMatchObject({ values: ['Titanium natyral', '512 GB'], price: 1399, stock: 4, isDefault: true });
    expect(put.body.variants.filter((v: { isDefault: boolean }) => v.isDefault)).toHaveLength(1);
  });

  it('shows the shared schema’s messages naming the row before sending, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = api(single);
    renderAdmin(<VariantsSection product={product} photos={[]} />);
    await screen.findByRole('table', { name: `Variantet e ${product.name}` });
    await addOption(user, 1, 'Memoria', ['128 GB', '256 GB']);
    await user.click(screen.getByRole('button', { name: 'Gjenero kombinimet' }));
    await user.clear(cell('Çmimi — 256 GB'));
    await user.clear(cell('Stoku — 128 GB'));
    await user.type(cell('Stoku — 128 GB'), '-2');
    await user.clear(cell('SKU — 256 GB'));
    await user.type(cell('SKU — 256 GB'), 'IP16P-128GB');
    await user.click(screen.getByRole('button', { name: 'Ruaj variantet' }));

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Variantet nuk u ruajtën.');
    expect(alert).toHaveTextContent('Varianti 1 (128 GB): Stoku i variantit duhet të jetë një numër i plotë');
    expect(alert).toHaveTextContent('Varianti 2 (256 GB): Çmimi i variantit mungon');
    expect(cell('Çmimi — 256 GB')).toHaveAttribute('aria-invalid', 'true');
    // The first refused field of the first refused row has the keyboard.
    expect(cell('Stoku — 128 GB')).toHaveFocus();
    // Those fixed, the schema's checks across rows: the SKU twice.
    await user.clear(cell('Stoku — 128 GB'));
    await user.type(cell('Çmimi — 256 GB'), '1249,50');
    await user.click(screen.getByRole('button', { name: 'Ruaj variantet' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Varianti 2: SKU është tashmë te varianti 1.');
    expect(cell('SKU — 256 GB')).toHaveFocus();
    expect(callsOf(fetchMock).filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('shows the server’s 409 and 400 next to the grid and keeps what staff typed', async () => {
    const user = userEvent.setup();
    const answers = [
      { status: 409, body: { msg: 'SKU “IP16P-128GB” e ka tashmë një produkt tjetër.' } },
      { status: 400, body: { msg: 'Varianti 2: barkodi është tashmë te varianti 1.' } },
    ];
    api(single, () => answers.shift()!);
    renderAdmin(<VariantsSection product={product} photos={[]} />);
    await screen.findByRole('table', { name: `Variantet e ${product.name}` });
    await addOption(user, 1, 'Memoria', ['128 GB', '256 GB']);
    await user.click(screen.getByRole('button', { name: 'Gjenero kombinimet' }));
    await user.clear(cell('Stoku — 256 GB'));
    await user.type(cell('Stoku — 256 GB'), '3');
    await user.click(screen.getByRole('button', { name: 'Ruaj variantet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('SKU “IP16P-128GB” e ka tashmë një produkt tjetër.');
    expect(cell('Stoku — 256 GB')).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Ruaj variantet' }));
    expect(await screen.findByText('Varianti 2: barkodi është tashmë te varianti 1.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Varianti 2: barkodi');
    expect(within(grid()).getAllByRole('row')).toHaveLength(3);
  });

  it('moves with the arrows in a column, Enter in the grid sends nothing, and a row is removed by its labelled button', async () => {
    const user = userEvent.setup();
    const fetchMock = api(single);
    renderAdmin(<VariantsSection product={product} photos={[]} />);
    await screen.findByRole('table', { name: `Variantet e ${product.name}` });
    await addOption(user, 1, 'Memoria', ['128 GB', '256 GB', '512 GB']);
    await user.click(screen.getByRole('button', { name: 'Gjenero kombinimet' }));
    await user.click(cell('Çmimi — 128 GB'));
    await user.keyboard('{ArrowDown}');
    expect(cell('Çmimi — 256 GB')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(cell('Çmimi — 512 GB')).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(cell('Çmimi — 256 GB')).toHaveFocus();
    // Tab goes along the row.
    await user.tab();
    expect(cell('Çmimi i vjetër — 256 GB')).toHaveFocus();
    expect(callsOf(fetchMock).filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(within(grid()).getByRole('button', { name: 'Hiq variantin 256 GB' }));
    expect(within(grid()).queryByRole('textbox', { name: 'Çmimi — 256 GB' })).toBeNull();
    expect(cell('Çmimi — 512 GB')).toHaveFocus();
    // Removing a value removes its rows.
    await user.click(screen.getByRole('button', { name: 'Hiq vlerën 512 GB (Memoria)' }));
    expect(within(grid()).getAllByRole('row')).toHaveLength(2);
  });

  it('sends each colour’s chosen photos as images of that colour’s variants', async () => {
    const user = userEvent.setup();
    const fetchMock = api(single);
    renderAdmin(<VariantsSection product={product} photos={[photo(5), photo(6), photo(7)]} />);
    await screen.findByRole('table', { name: `Variantet e ${product.name}` });
    await addOption(user, 1, 'Ngjyra', ['E zezë', 'E bardhë']);
    await addOption(user, 2, 'Memoria', ['128 GB']);
    await user.click(screen.getByRole('button', { name: 'Gjenero kombinimet' }));
    const black = screen.getByRole('group', { name: 'Fotot për E zezë' });
    await user.click(within(black).getByRole('checkbox', { name: 'Foto 3 për E zezë' }));
    await user.click(within(black).getByRole('checkbox', { name: 'Foto 1 për E zezë' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Fotot për E bardhë' })).getByRole('checkbox', { name: 'Foto 2 për E bardhë' }),
    );
    await user.click(screen.getByRole('button', { name: 'Ruaj variantet' }));
    await screen.findByText('Variantet u ruajtën (2).');
    const put = callsOf(fetchMock).find((c) => c.method === 'PUT')!;
    expect(put.body.variants.map((v: { values: string[]; images: number[] }) => [v.values[0], v.images])).toEqual([
      ['E zezë', [5, 7]],
      ['E bardhë', [6]],
    ]);
  });
});

describe('variant drafts', () => {
  it('combines values with the first option outermost; no options is one empty combination', () => {
    expect(combinations([])).toEqual([[]]);
    expect(combinations([{ values: ['A', 'B'] }, { values: ['1', '2'] }])).toEqual([
      ['A', '1'],
      ['A', '2'],
      ['B', '1'],
      ['B', '2'],
    ]);
  });

  it('proposes a SKU within 40 signs from the product’s SKU and the values without marks', () => {
    expect(proposedSku('ip16p', ['E bardhë', '256 GB'])).toBe('IP16P-EBARDHE-256GB');
    const long = proposedSku('iphone-16-pro-max-titanium-edition-2026', ['Titanium i shkrirë', '1 TB']);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(/-TITANIUM-1TB$/);
  });

  it('keeps a row for the same values in any case and starts new rows from the only row before options', () => {
    const rows = generateRows(
      {
        options: [{ key: 1, name: 'Memoria', values: ['256 GB', '512 GB'] }],
        rows: [
          { key: 9, values: ['256 gb'], sku: 'X-256', barcode: '', price: '900', oldPrice: '', stock: '2', isDefault: false, images: [] },
        ],
      },
      { id: 'x', sku: null, price: 800, oldPrice: null },
    );
    expect(rows.map((r) => [r.sku, r.price, r.stock, r.isDefault])).toEqual([
      ['X-256', '900', '2', true],
      ['X-512GB', '800', '', false],
    ]);
  });
});
