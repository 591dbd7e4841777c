import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browseAnswer, item, mockApi, renderAt } from '../../test/storefront-render';
import ProductsPage from './products';
import SearchPage from './search';

afterEach(() => {
  vi.unstubAllGlobals();
});

const items = Array.from({ length: 3 }, (_, i) => item({ id: `p${i}`, name: `Telefon ${i}` }));
const urls = (fetch: ReturnType<typeof mockApi>) => fetch.mock.calls.map(([u]) => String(u));

describe('catalogue browsing', () => {
  it('reads the state from the address and asks the server for that page', async () => {
    const fetch = mockApi(() => ({ body: browseAnswer(items, { page: 2, pages: 3, total: 51 }) }));
    renderAt(<ProductsPage />, { path: '/products?page=2&brand=Apple&sort=price-asc', route: '/products' });
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(urls(fetch)).toEqual(['/api/products/browse?sort=price-asc&brand=Apple&page=2']);
    expect(screen.getByText('51 produkte')).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Rendit sipas')).toHaveValue('price-asc');
    expect(within(screen.getByRole('group', { name: 'Marka' })).getByRole('checkbox', { name: /Apple/ })).toBeChecked();
  });

  it('a sort, a facet and a price range change the address (back to page 1) and the answer', async () => {
    const fetch = mockApi(() => ({ body: browseAnswer(items, { pages: 2, total: 30 }) }));
    const user = userEvent.setup();
    const { router } = renderAt(<ProductsPage />, { path: '/products?page=2', route: '/products' });
    await screen.findAllByRole('article');

    await user.selectOptions(screen.getByLabelText('Rendit sipas'), 'price-desc');
    expect(router.state.location.search).toBe('?sort=price-desc');
    await user.click(within(screen.getByRole('group', { name: 'Marka' })).getByRole('checkbox', { name: 'Samsung (1)' }));
    expect(router.state.location.search).toBe('?sort=price-desc&brand=Samsung');
    await user.click(screen.getByRole('checkbox', { name: 'Vetëm në stok (3)' }));
    expect(router.state.location.search).toBe('?sort=price-desc&brand=Samsung&inStock=1');
    await user.click(screen.getByRole('link', { name: '100 – 300 € (3)' }));
    expect(router.state.location.search).toBe('?sort=price-desc&brand=Samsung&min=100&max=299.99&inStock=1');
    await waitFor(() => expect(urls(fetch)).toContain('/api/products/browse?sort=price-desc&brand=Samsung&min=100&max=299.99&inStock=1'));
    // A range with nothing in it is not a link.
    expect(screen.queryByRole('link', { name: /Deri në 100 €/ })).toBeNull();

    await user.clear(screen.getByLabelText('Deri (€)'));
    await user.type(screen.getByLabelText('Deri (€)'), '250');
    await user.click(screen.getByRole('button', { name: 'Zbato filtrat' }));
    expect(router.state.location.search).toBe('?sort=price-desc&brand=Samsung&min=100&max=250&inStock=1');
    await user.click(screen.getByRole('link', { name: 'Pastro filtrat' }));
    expect(router.state.location.search).toBe('');
  });

  it("the colour facet lists the variants' colours with a swatch and narrows by ?color= (decision 039)", async () => {
    const fetch = mockApi(() => ({ body: browseAnswer(items) }));
    const user = userEvent.setup();
    const { router } = renderAt(<ProductsPage />, { path: '/products?storage=128', route: '/products' });
    await screen.findAllByRole('article');
    const colours = screen.getByRole('group', { name: 'Ngjyra' });
    const black = within(colours).getByRole('checkbox', { name: 'Titanium i zi (2)' });
    // The swatch is decoration: the name says the colour; an unknown colour has none.
    expect(black.closest('label')!.querySelector('.facet-swatch')).toHaveStyle({ background: '#1f1f1f' });
    expect(within(colours).getByRole('checkbox', { name: 'Shkëlqim (1)' }).closest('label')!.querySelector('.facet-swatch')).toBeNull();
    await user.click(black);
    expect(router.state.location.search).toBe('?storage=128&color=Titanium+i+zi');
    await waitFor(() => expect(urls(fetch)).toContain('/api/products/browse?storage=128&color=Titanium+i+zi'));
    expect(within(screen.getByRole('group', { name: 'Ngjyra' })).getByRole('checkbox', { name: 'Titanium i zi (2)' })).toBeChecked();
    await user.click(within(screen.getByRole('group', { name: 'Ngjyra' })).getByRole('checkbox', { name: 'Titanium i zi (2)' }));
    expect(router.state.location.search).toBe('?storage=128');
  });

  it('pages are links that keep the state; the current one is marked', async () => {
    mockApi(() => ({ body: browseAnswer(items, { page: 5, pages: 12, total: 280 }) }));
    renderAt(<ProductsPage />, { path: '/products?sort=name&page=5', route: '/products' });
    const pager = await screen.findByRole('navigation', { name: 'Faqet e produkteve' });
    const links = within(pager).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Faqja e mëparshme', '1', '4', '5', '6', '12', 'Faqja tjetër']);
    expect(within(pager).getByRole('link', { name: 'Faqja 5' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('link', { name: 'Faqja tjetër' })).toHaveAttribute('href', '/products?sort=name&page=6');
    expect(within(pager).getByRole('link', { name: 'Faqja 1' })).toHaveAttribute('href', '/products?sort=name');
    expect(pager).toHaveTextContent('Faqja 5 nga 12');
  });

  it('a failed request says so with a retry, never the empty text', async () => {
    let fail = true;
    const fetch = mockApi(() =>
      fail ? { status: 500, body: { msg: 'Ndodhi një gabim në server. Provoni përsëri.' } } : { body: browseAnswer(items) },
    );
    const user = userEvent.setup();
    renderAt(<ProductsPage />, { path: '/products', route: '/products' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Diçka shkoi keq. Provo përsëri!');
    expect(screen.queryByText("S'ka produkte në sistem.")).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Provo përsëri' }));
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(fetch.mock.calls.length).toBe(2);
  });

  it('nothing left after a facet says so, with a way back', async () => {
    mockApi(() => ({ body: browseAnswer([], { total: 0 }) }));
    renderAt(<ProductsPage />, { path: '/products?brand=Nokia', route: '/products' });
    expect(await screen.findByText('Asnjë produkt nuk përputhet me filtrat e zgjedhur.')).toBeInTheDocument();
    expect(screen.queryByText("S'ka produkte në sistem.")).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Pastro filtrat' })[0]).toHaveAttribute('href', '/products');
  });

  it("'Filtro' opens the facets as a dialog; Escape closes it and gives the focus back", async () => {
    mockApi(() => ({ body: browseAnswer(items) }));
    const user = userEvent.setup();
    renderAt(<SearchPage />, { path: '/search?query=telefon', route: '/search' });
    await screen.findAllByRole('article');
    const open = screen.getByRole('button', { name: 'Filtro' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Filtrat' });
    expect(within(dialog).getByRole('radio', { name: 'Të gjitha' })).toHaveFocus();
    expect(within(dialog).getByRole('checkbox', { name: 'Apple (2)' })).toBeInTheDocument();
    // The search text stays in the form the facets send.
    expect(dialog.querySelector('input[type="hidden"][name="query"]')).toHaveValue('telefon');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
  });

  it("the 'Filtro' dialog has one 'Zbato filtrat': it applies the typed prices and closes the dialog", async () => {
    mockApi(() => ({ body: browseAnswer(items) }));
    const user = userEvent.setup();
    const { router } = renderAt(<ProductsPage />, { path: '/products?sort=name', route: '/products' });
    await screen.findAllByRole('article');
    const open = screen.getByRole('button', { name: 'Filtro' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Filtrat' });
    // One way to apply, besides closing as it is.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mbyll filtrat', 'Zbato filtrat']);
    await user.type(within(dialog).getByLabelText('Nga (€)'), '120');
    await user.type(within(dialog).getByLabelText('Deri (€)'), '450');
    await user.click(within(dialog).getByRole('button', { name: 'Zbato filtrat' }));
    expect(router.state.location.search).toBe('?sort=name&min=120&max=450');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();

    // A checkbox applies at once and the dialog stays for the next choice; 'Pastro filtrat' clears and closes.
    await user.click(open);
    await user.click(within(screen.getByRole('dialog', { name: 'Filtrat' })).getByRole('checkbox', { name: 'Apple (2)' }));
    expect(router.state.location.search).toBe('?sort=name&brand=Apple&min=120&max=450');
    await user.click(within(screen.getByRole('dialog', { name: 'Filtrat' })).getByRole('link', { name: 'Pastro filtrat' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the search page offers relevance and sends the text as q', async () => {
    const fetch = mockApi(() => ({ body: browseAnswer(items, { sort: 'relevance' }) }));
    renderAt(<SearchPage />, { path: '/search?query=samsng%20a55&category=phone', route: '/search' });
    await screen.findAllByRole('article');
    expect(urls(fetch)).toEqual(['/api/products/browse?q=samsng+a55&category=phone']);
    expect(screen.getByLabelText('Rendit sipas')).toHaveValue('relevance');
    expect(screen.getByRole('heading', { name: /Rezultatet për:/ })).toHaveTextContent('(3)');
  });
});
