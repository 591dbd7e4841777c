import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { RouteErrorBoundary } from './route-error';

function Broken(): never {
  throw new Error('render failed');
}

afterEach(() => vi.restoreAllMocks());

describe('a page that fails', () => {
  it('shows the Albanian error page instead of a blank screen, and another address tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/ok">Tjetër faqe</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/ok" element={<h1>Faqja punon</h1>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Diçka shkoi keq' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Kthehu në ballinë' })).toHaveAttribute('href', '/');

    await userEvent.click(screen.getByRole('link', { name: 'Tjetër faqe' }));
    expect(await screen.findByRole('heading', { name: 'Faqja punon' })).toBeVisible();
    expect(screen.queryByText('Diçka shkoi keq')).toBeNull();
  });
});
