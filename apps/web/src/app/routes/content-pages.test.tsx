import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '../../test/storefront-render';
import { NewsletterForm } from '../../components/newsletter-form';
import BlogPage from './blog';
import BlogPostPage from './blog-post';
import TermsPage from './terms';

afterEach(() => vi.unstubAllGlobals());

const posts = [
  { id: 'kujdesi-per-bateri', title: 'Kujdesi për baterinë', date: '2026-10-30', excerpt: 'Nxehtësia...', image: '/b.svg' },
  { id: 'si-te-zgjidhni', title: 'Si të zgjidhni telefonin', date: '2026-09-18', excerpt: 'Buxheti...', image: '/a.svg' },
];

describe('newsletter', () => {
  it('sends the address and replaces the form with the thank-you text', async () => {
    const fetch = mockApi(() => ({ body: { msg: 'ok' } }));
    const user = userEvent.setup();
    renderAt(<NewsletterForm idPrefix="t" />);
    await user.type(screen.getByLabelText('Email-i juaj'), ' drita@example.com ');
    await user.click(screen.getByRole('button', { name: 'Abonohu' }));
    expect(await screen.findByText('Faleminderit! Do të marrësh lajmet e fundit së shpejti në email.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/newsletter');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'drita@example.com' });
  });

  it('keeps the form and says Diçka shkoi keq. Provo përsëri! on failure', async () => {
    mockApi(() => ({ status: 500, body: { msg: 'x' } }));
    const user = userEvent.setup();
    renderAt(<NewsletterForm idPrefix="t" />);
    await user.type(screen.getByLabelText('Email-i juaj'), 'drita@example.com');
    await user.click(screen.getByRole('button', { name: 'Abonohu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Diçka shkoi keq. Provo përsëri!');
    expect(screen.getByLabelText('Email-i juaj')).toHaveValue('drita@example.com');
  });
});

describe('blog', () => {
  it('lists the posts with links to /blog/{id} and the newsletter box', async () => {
    mockApi(() => ({ body: posts }));
    renderAt(<BlogPage />);
    const links = await screen.findAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/blog/kujdesi-per-bateri', '/blog/si-te-zgjidhni']);
    expect(screen.getByText('30 tetor 2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Abonohu në buletinin tonë' })).toBeInTheDocument();
  });

  it('renders a post from sanitised HTML only', async () => {
    mockApi(() => ({
      body: {
        ...posts[0],
        content: '<h2>Nxehtësia</h2><p onclick="alert(1)">Tekst</p><img src=x onerror="alert(1)"><script>alert(1)</script>',
      },
    }));
    renderAt(<BlogPostPage />, { path: '/blog/kujdesi-per-bateri', route: '/blog/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kujdesi për baterinë' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Nxehtësia' })).toBeInTheDocument();
    const html = document.querySelector('.blog-content')!.innerHTML;
    expect(html).not.toMatch(/onclick|onerror|<script/);
    expect(screen.getAllByRole('link', { name: '← Kthehu te blogu' })[0]).toHaveAttribute('href', '/blog');
  });

  it('says Artikulli nuk u gjet. for a missing post', async () => {
    mockApi(() => ({ status: 404, body: { msg: 'Artikulli nuk u gjet.' } }));
    renderAt(<BlogPostPage />, { path: '/blog/nuk-ka', route: '/blog/:id' });
    expect(await screen.findByRole('heading', { name: 'Artikulli nuk u gjet.' })).toBeInTheDocument();
  });
});

describe('terms page', () => {
  it('opens a card in a modal that keeps focus inside and closes on Escape', async () => {
    const user = userEvent.setup();
    renderAt(<TermsPage />);
    const opener = screen.getByRole('button', { name: /Lexo më shumë: Garancia & kthimet/ });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Garancia & kthimet' });
    expect(within(dialog).getByText('Telefonat dhe produktet e reja kanë garanci 12 muaj.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mbyll' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Në rregull' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Mbyll' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Në rregull' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('has three cards, four questions and the contact links', () => {
    renderAt(<TermsPage />);
    expect(screen.getAllByRole('button', { name: /Lexo më shumë/ })).toHaveLength(3);
    const faq = screen.getByRole('region', { name: 'Pyetje të shpeshta' });
    expect(faq.querySelectorAll('details')).toHaveLength(4);
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/38344123456');
    expect(screen.getByRole('link', { name: 'info@mobileshop-ks.com' })).toHaveAttribute('href', 'mailto:info@mobileshop-ks.com');
  });
});
