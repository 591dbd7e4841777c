import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminProduct } from '@shop/shared/schemas/admin';
import { checkProduct, parseStock, ProductForm } from './product-form';
import { parsePrice } from '../../../lib/price-input';

const product: AdminProduct = {
  id: 'iphone-16',
  name: 'iPhone 16',
  description: 'Telefon',
  price: 999.5,
  oldPrice: null,
  image: '/images/products/iphone-16.svg',
  images: ['/images/products/iphone-16.svg'],
  category: 'phone',
  collection: 'iphone',
  stock: 4,
  brand: 'Apple',
  sku: '100012',
  specs: { Ekrani: '6,1"', Garancia: '12 muaj' },
  photos: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const blank = { name: '', price: '', oldPrice: '', description: '', category: 'phone', image: '', stock: '', brand: '', sku: '' };

describe('product form rules', () => {
  it('reads prices with a comma or a dot', () => {
    expect(parsePrice('12,50')).toBe(12.5);
    expect(parsePrice(' 1299.99 ')).toBe(1299.99);
    expect(parsePrice('')).toBeUndefined();
    expect(parsePrice('12a')).toBeNaN();
  });

  it('needs a name and a positive price with at most 2 decimals, and an image URL or site path', () => {
    const base = { ...blank, name: 'Telefon', price: '10' };
    expect(checkProduct(base).body).toEqual({
      name: 'Telefon',
      price: 10,
      oldPrice: null,
      description: '',
      category: 'phone',
      image: '',
      stock: null,
      brand: '',
      sku: '',
      specs: [],
    });
    expect(checkProduct({ ...base, name: ' ' }).errors.name).toBe('Shkruani emrin e produktit.');
    expect(checkProduct({ ...base, price: '' }).errors.price).toBe('Çmimi duhet të jetë një numër pozitiv.');
    expect(checkProduct({ ...base, price: '0' }).errors.price).toBe('Çmimi duhet të jetë një numër pozitiv.');
    expect(checkProduct({ ...base, price: '1,234' }).errors.price).toBe('Çmimi mund të ketë të shumtën 2 shifra dhjetore.');
    expect(checkProduct({ ...base, image: 'foto.jpg' }).errors.image).toMatch(/https:\/\//);
    expect(checkProduct({ ...base, image: 'https://cdn.example.com/a.webp' }).body).toBeDefined();
  });

  it('reads the stock as whole units, empty as no limit, and names the field otherwise', () => {
    expect(parseStock(' 12 ')).toBe(12);
    expect(parseStock('')).toBeNull();
    expect(parseStock('1,5')).toBeNaN();
    const base = { ...blank, name: 'Telefon', price: '10', stock: '0' };
    expect(checkProduct(base).body?.stock).toBe(0);
    for (const stock of ['-1', '2.5', 'shumë']) {
      expect(checkProduct({ ...base, stock }).errors.stock).toBe(
        'Stoku duhet të jetë një numër i plotë nga 0 deri në 1.000.000 (bosh: pa kufi).',
      );
    }
  });
});

describe('<ProductForm>', () => {
  it('shows the errors next to the fields, focuses the first one and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(<ProductForm mode="add" onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Shto produktin' }));
    expect(screen.getByText('Shkruani emrin e produktit.')).toBeInTheDocument();
    expect(screen.getByText('Çmimi duhet të jetë një numër pozitiv.')).toBeInTheDocument();
    expect(screen.getByLabelText('Emri *')).toHaveFocus();
    expect(screen.getByLabelText('Emri *')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the checked body and empties the standalone form after a success', async () => {
    const onSubmit = vi.fn().mockResolvedValue({});
    render(<ProductForm mode="add" onSubmit={onSubmit} resetOnSuccess />);
    await userEvent.type(screen.getByLabelText('Emri *'), 'Mbrojtëse Pro');
    await userEvent.type(screen.getByLabelText('Çmimi (€) *'), '19,90');
    await userEvent.selectOptions(screen.getByLabelText('Kategoria'), 'Mbrojtëse');
    await userEvent.type(screen.getByLabelText('Stoku'), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Shto produktin' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Mbrojtëse Pro',
      price: 19.9,
      oldPrice: null,
      description: '',
      category: 'case',
      image: '',
      stock: 25,
      brand: '',
      sku: '',
      specs: [],
    });
    expect(screen.getByLabelText('Emri *')).toHaveValue('');
  });

  it('in edit mode starts from the product and offers Ruaj Ndryshimet and Anulo; a failed save keeps the input', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('x'));
    const onCancel = vi.fn();
    render(<ProductForm mode="edit" initial={product} onSubmit={onSubmit} onCancel={onCancel} />);
    expect(screen.getByLabelText('Emri *')).toHaveValue('iPhone 16');
    expect(screen.getByLabelText('Çmimi (€) *')).toHaveValue('999,5');
    expect(screen.getByLabelText('Stoku')).toHaveValue('4');
    await userEvent.clear(screen.getByLabelText('Emri *'));
    await userEvent.type(screen.getByLabelText('Emri *'), 'iPhone 16 Plus');
    await userEvent.click(screen.getByRole('button', { name: 'Ruaj Ndryshimet' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'iPhone 16 Plus', price: 999.5, image: product.image, stock: 4 }),
    );
    expect(screen.getByLabelText('Emri *')).toHaveValue('iPhone 16 Plus');
    await userEvent.click(screen.getByRole('button', { name: 'Anulo' }));
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('old price, brand, SKU and specs (issue 17)', () => {
  it('checks them with the shared messages', () => {
    const base = { ...blank, name: 'Telefon', price: '10' };
    expect(checkProduct({ ...base, oldPrice: '12,5', brand: ' Samsung ', sku: 'SM-1' }).body).toMatchObject({
      oldPrice: 12.5,
      brand: 'Samsung',
      sku: 'SM-1',
    });
    expect(checkProduct({ ...base, sku: 'SM 1' }).errors.sku).toBe('SKU mund të ketë të shumtën 40 shenja: shkronja, shifra dhe . _ - /.');
    expect(checkProduct({ ...base, oldPrice: '-1' }).errors.oldPrice).toMatch(/Çmimi i vjetër/);
    const rows = (pairs: [string, string][]) => pairs.map(([label, value], key) => ({ key, label, value }));
    expect(
      checkProduct(
        base,
        rows([
          ['Ekrani', '6,1"'],
          ['', ''],
          ['RAM', '8 GB'],
        ]),
      ).body?.specs,
    ).toEqual([
      { label: 'Ekrani', value: '6,1"' },
      { label: 'RAM', value: '8 GB' },
    ]);
    expect(checkProduct(base, rows([['Ekrani', '']])).errors.specs).toBe('Shkruani vlerën e specifikimit (deri në 300 karaktere).');
    expect(
      checkProduct(
        base,
        rows([
          ['RAM', '8'],
          ['ram', '12'],
        ]),
      ).errors.specs,
    ).toBe('Dy specifikime nuk mund të kenë të njëjtin emër.');
  });

  it("edits the specs as rows: the product's rows in order, added and removed from the keyboard", async () => {
    const onSubmit = vi.fn().mockResolvedValue({});
    render(<ProductForm mode="edit" initial={product} onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Marka')).toHaveValue('Apple');
    expect(screen.getByLabelText('SKU')).toHaveValue('100012');
    // The known labels' order, warranty last.
    expect(screen.getByLabelText('Emri 1')).toHaveValue('Ekrani');
    expect(screen.getByLabelText('Emri 2')).toHaveValue('Garancia');
    await userEvent.click(screen.getByRole('button', { name: '+ Shto specifikim' }));
    expect(screen.getByLabelText('Emri 3')).toHaveFocus();
    await userEvent.keyboard('Bateria');
    await userEvent.type(screen.getByLabelText('Vlera 3'), '3561 mAh');
    await userEvent.click(screen.getByRole('button', { name: 'Hiq specifikimin 1 (Ekrani)' }));
    expect(screen.getByLabelText('Emri 1')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Çmimi i vjetër (€)'), '1099');
    await userEvent.click(screen.getByRole('button', { name: 'Ruaj Ndryshimet' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        oldPrice: 1099,
        brand: 'Apple',
        sku: '100012',
        specs: [
          { label: 'Garancia', value: '12 muaj' },
          { label: 'Bateria', value: '3561 mAh' },
        ],
      }),
    );
  });
});

describe("the variants' figures (issue 27)", () => {
  it("shows the figures 'Variantet' saved, keeps a product with options' stock read-only and never sends it", async () => {
    const onSubmit = vi.fn().mockResolvedValue({});
    const { rerender } = render(<ProductForm mode="edit" initial={product} onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Stoku')).not.toHaveAttribute('readonly');
    rerender(
      <ProductForm
        mode="edit"
        initial={product}
        onSubmit={onSubmit}
        variantFigures={{ price: 1149, oldPrice: 1299.5, stock: 23, perVariant: true }}
      />,
    );
    expect(screen.getByLabelText('Çmimi (€) *')).toHaveValue('1149');
    expect(screen.getByLabelText('Çmimi i vjetër (€)')).toHaveValue('1299,5');
    expect(screen.getByLabelText('Stoku')).toHaveValue('23');
    expect(screen.getByLabelText('Stoku')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Stoku')).toHaveAccessibleDescription(/stoku ndryshohet për secilin variant te “Variantet”/);
    await userEvent.click(screen.getByRole('button', { name: 'Ruaj Ndryshimet' }));
    const body = onSubmit.mock.calls[0]![0] as Record<string, unknown>;
    expect(body).toMatchObject({ price: 1149, oldPrice: 1299.5 });
    expect(body.stock).toBeUndefined();
  });
});
