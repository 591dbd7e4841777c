import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '../../../test/storefront-render';
import { clearSession, setSession } from '../../../lib/session';
import { ProductReviews } from './product-reviews';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const none = { average: 0, count: 0, reviews: [] };
const saved = {
  id: 9,
  author: 'Arta K.',
  rating: 4,
  text: 'Shumë i mirë',
  createdAt: '2026-05-02T10:00:00.000Z',
  updatedAt: '2026-05-02T10:00:00.000Z',
  hidden: false,
};

describe('rating a product', () => {
  it('lets a customer who received it choose stars with the keyboard, write and send, then thanks them', async () => {
    setSession('token', { id: 5, name: 'Arta Krasniqi', email: 'arta@example.com', role: 'user' });
    let posted: unknown;
    const fetch = mockApi((url, init) => {
      if (url.endsWith('/reviews/mine')) return { body: { canReview: true, review: posted ? saved : null } };
      if (init?.method === 'POST') {
        posted = JSON.parse(String(init.body));
        return { status: 201, body: { msg: 'Faleminderit! Vlerësimi juaj u ruajt.', review: saved } };
      }
      return { body: posted ? { average: 4, count: 1, reviews: [saved] } : none };
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderAt(<ProductReviews productId="iphone-15" onSaved={onSaved} />);
    expect(await screen.findByText('Ky produkt nuk ka ende vlerësime.')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Vlerësoni produktin' });
    // No stars chosen: the form says so and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Dërgo vlerësimin' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Zgjidhni nga 1 deri në 5 yje.');
    const stars = within(form).getByRole('group', { name: 'Yjet' });
    await user.click(within(stars).getByRole('radio', { name: '3 yje' }));
    await user.keyboard('{ArrowRight}');
    expect(within(stars).getByRole('radio', { name: '4 yje' })).toBeChecked();
    await user.type(within(form).getByLabelText('Komenti (opsional)'), 'Shumë i mirë');
    await user.click(within(form).getByRole('button', { name: 'Dërgo vlerësimin' }));
    await waitFor(() => expect(posted).toEqual({ rating: 4, text: 'Shumë i mirë' }));
    expect(fetch.mock.calls.some(([u, i]) => String(u) === '/api/products/iphone-15/reviews' && i?.method === 'POST')).toBe(true);
    expect(onSaved).toHaveBeenCalled();
    expect(await screen.findByText('Arta K.')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Ndryshoni vlerësimin tuaj' })).toBeInTheDocument();
  });

  it('tells a customer who has not received it when they can rate, and shows no form', async () => {
    setSession('token', { id: 5, name: 'Arta', email: 'arta@example.com', role: 'user' });
    mockApi((url) => (url.endsWith('/mine') ? { body: { canReview: false, review: null } } : { body: none }));
    renderAt(<ProductReviews productId="iphone-15" onSaved={() => {}} />);
    expect(await screen.findByText('Mund ta vlerësoni këtë produkt pasi të keni marrë porosinë që e përmban.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
