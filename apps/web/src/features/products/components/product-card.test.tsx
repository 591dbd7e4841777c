import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../lib/router';
import type { ProductListItem } from '@shop/shared/schemas/product';
import { cart } from '../../../lib/cart-store';
import { ProductCard } from './product-card';

const base: Omit<ProductListItem, 'id' | 'name' | 'stock'> = {
  description: 'Telefon',
  desc: 'Telefon',
  price: 899,
  oldPrice: null,
  image: '/img/x.jpg',
  imageSrcset: null,
  imageAvifSrcset: null,
  category: 'phone',
  rating: 0,
  reviewCount: 0,
};

const products: ProductListItem[] = [
  { ...base, id: 'plenty', name: 'iPhone 15', stock: { status: 'in-stock', left: null } },
  { ...base, id: 'few', name: 'iPhone 15 Pro', stock: { status: 'low', left: 3 } },
  { ...base, id: 'last', name: 'iPhone 15 Plus', stock: { status: 'low', left: 1 } },
  { ...base, id: 'none', name: 'iPhone 15 Pro Max', stock: { status: 'out-of-stock', left: 0 } },
];

beforeEach(() => cart.clear());

describe('ProductCard stock', () => {
  it("shows 'Në stok', 'Vetëm N të mbetura' or \"S'ka në stok\", and a sold-out product cannot be added", async () => {
    render(
      <MemoryRouter>
        {products.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </MemoryRouter>,
    );
    const cards = screen.getAllByRole('article');
    const card = (i: number) => within(cards[i]!);
    expect(card(0).getByText('Në stok')).toBeInTheDocument();
    expect(card(1).getByText('Vetëm 3 të mbetura')).toBeInTheDocument();
    expect(card(2).getByText('Vetëm 1 e mbetur')).toBeInTheDocument();

    const soldOut = card(3).getByRole('button', { name: 'Shto në Shportë' });
    expect(soldOut).toBeDisabled();
    expect(soldOut).toHaveAccessibleDescription("S'ka në stok");
    await userEvent.click(soldOut);
    expect(cart.get()).toEqual([]);

    const low = card(1).getByRole('button', { name: 'Shto në Shportë' });
    expect(low).toBeEnabled();
    expect(low).not.toHaveAccessibleDescription();
    await userEvent.click(low);
    expect(cart.get().map((l) => [l.id, l.quantity])).toEqual([['few', 1]]);
  });
});

describe('ProductCard picture (issue 17)', () => {
  it("offers an uploaded photo's copies with sizes, AVIF first; a linked image stays a plain img", () => {
    const photo: ProductListItem = {
      ...base,
      id: 'photo',
      name: 'Galaxy A56',
      image: '/api/images/7/0123456789abcdef-640.webp',
      imageSrcset: '/api/images/7/0123456789abcdef-320.webp 320w, /api/images/7/0123456789abcdef-640.webp 640w',
      imageAvifSrcset: '/api/images/7/0123456789abcdef-320.avif 320w, /api/images/7/0123456789abcdef-640.avif 640w',
      stock: { status: 'in-stock', left: null },
    };
    render(
      <MemoryRouter>
        <ProductCard product={photo} />
        <ProductCard product={products[0]!} />
      </MemoryRouter>,
    );
    const [withPhoto, linked] = screen.getAllByRole('article');
    const img = within(withPhoto!).getByRole('img', { name: 'Galaxy A56' });
    expect(img).toHaveAttribute('src', photo.image);
    expect(img).toHaveAttribute('srcset', photo.imageSrcset);
    expect(img.getAttribute('sizes')).toMatch(/50vw$/);
    const source = img.parentElement!.querySelector('source');
    expect(img.parentElement!.tagName).toBe('PICTURE');
    expect(source).toHaveAttribute('type', 'image/avif');
    expect(source).toHaveAttribute('srcset', photo.imageAvifSrcset);
    const plain = within(linked!).getByRole('img', { name: 'iPhone 15' });
    expect(plain).not.toHaveAttribute('srcset');
    expect(plain.parentElement!.tagName).not.toBe('PICTURE');
  });
});

describe('ProductCard rating', () => {
  it('shows no stars at all while a product has no reviews', () => {
    render(
      <MemoryRouter>
        <ProductCard product={{ ...base, id: 'new', name: 'Telefon i ri', stock: { status: 'in-stock', left: null }, rating: 5 }} />
      </MemoryRouter>,
    );
    // A leftover average without reviews shows nothing: no stars, no zero, no text.
    expect(screen.queryByRole('img', { name: /Vlerësimi/ })).toBeNull();
    expect(screen.queryByTestId('rating-summary')).toBeNull();
    expect(screen.queryByText(/vlerësim/)).toBeNull();
  });

  it("shows the average and the count the Albanian way: '4,6 (12 vlerësime)'", () => {
    render(
      <MemoryRouter>
        <ProductCard
          product={{ ...base, id: 'rated', name: 'I vlerësuar', stock: { status: 'in-stock', left: null }, rating: 4.6, reviewCount: 12 }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('4,6 (12 vlerësime)')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Vlerësimi mesatar 4,6 nga 5, 12 vlerësime' })).toBeInTheDocument();
  });
});

describe('ProductCard with variants (decision 039)', () => {
  it("shows 'nga' and the lowest price when the variants' prices differ, else the price as before", () => {
    render(
      <MemoryRouter>
        <ProductCard product={{ ...products[0]!, id: 'ranged', priceFrom: 1149, priceTo: 1399 }} priceStyle="cents" />
        <ProductCard product={{ ...products[0]!, id: 'single', name: 'iPhone 16', priceFrom: 899, priceTo: 899 }} priceStyle="cents" />
      </MemoryRouter>,
    );
    const [ranged, single] = screen.getAllByRole('article');
    expect(ranged!.querySelector('.price')).toHaveTextContent(/^nga 1\.149,00 €$/);
    expect(single!.querySelector('.price')).toHaveTextContent(/^899,00 €$/);
  });

  it('shows the colours as swatches with their names as text, and only for a product with colours', () => {
    render(
      <MemoryRouter>
        <ProductCard
          product={{
            ...products[0]!,
            id: 'coloured',
            colors: [
              { name: 'Titanium i zi', hex: '#1f1f1f' },
              { name: 'Titanium Shkretëtirë', hex: null },
            ],
          }}
        />
        <ProductCard product={{ ...products[0]!, id: 'plain', name: 'Karikues' }} />
      </MemoryRouter>,
    );
    const [coloured, plain] = screen.getAllByRole('article');
    expect(within(coloured!).getByText('Ngjyrat: Titanium i zi, Titanium Shkretëtirë')).toHaveClass('visually-hidden');
    const swatches = coloured!.querySelectorAll('.card-swatch');
    expect(swatches).toHaveLength(2);
    expect((swatches[0] as HTMLElement).style.background).toBe('rgb(31, 31, 31)');
    expect(swatches[0]).toHaveAttribute('aria-hidden', 'true');
    expect(plain!.querySelector('.card-swatches')).toBeNull();
    expect(within(plain!).queryByText(/Ngjyrat/)).toBeNull();
  });

  it("every card keeps the contract's 'Shto në Shportë': a product with options adds its default variant (decision 039)", async () => {
    render(
      <MemoryRouter>
        <ProductCard product={{ ...products[0]!, id: 'phone-16', name: 'iPhone 16', hasOptions: true }} />
        <ProductCard product={{ ...products[0]!, id: 'case-1', name: 'Mbrojtëse' }} />
      </MemoryRouter>,
    );
    const [withOptions, without] = screen.getAllByRole('article');
    expect(within(withOptions!).getByRole('link', { name: 'Shiko Produktin: iPhone 16' })).toHaveAttribute('href', '/products/phone-16');
    await userEvent.click(within(withOptions!).getByRole('button', { name: 'Shto në Shportë' }));
    // No variantId: the order means the product's default variant.
    expect(cart.get()).toEqual([expect.objectContaining({ id: 'phone-16', quantity: 1 })]);
    expect(cart.get()[0]!.variantId).toBeUndefined();
    await userEvent.click(within(without!).getByRole('button', { name: 'Shto në Shportë' }));
    expect(cart.get().map((l) => l.id)).toEqual(['phone-16', 'case-1']);
  });
});
