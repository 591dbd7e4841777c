import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from '../../lib/router';
import { CHUNK_RELOAD_DELAY_MS, isChunkLoadError, RouteErrorBoundary } from './route-error';

/** Long enough for any pending reload to have fired. */
const RELOAD_WAIT_CHECK_MS = CHUNK_RELOAD_DELAY_MS * 5;

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

describe('a page whose code cannot be fetched', () => {
  const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/home-abc.js');

  function renderFailing(error: () => Error, reload: () => void) {
    function Missing(): never {
      throw error();
    }
    return render(
      <MemoryRouter initialEntries={['/']}>
        <Link to="/ok">Tjetër faqe</Link>
        <RouteErrorBoundary reload={reload}>
          <Routes>
            <Route path="/" element={<Missing />} />
            <Route path="/ok" element={<h1>Faqja punon</h1>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
  }

  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('tells the chunk errors of Chromium, Firefox, Safari and Vite from other errors', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/home.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('shows the loading text and loads the page again once, after a pause, instead of the error page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    const reload = vi.fn();
    renderFailing(chunkError, reload);
    expect(screen.getByText('Duke ngarkuar...')).toBeVisible();
    expect(screen.queryByText('Diçka shkoi keq')).toBeNull();
    vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('after that reload, the same failure shows the error page (no reload loop)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    const reload = vi.fn();
    const first = renderFailing(chunkError, reload);
    vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS);
    first.unmount();
    // The reloaded page fails in the same way.
    renderFailing(chunkError, reload);
    expect(screen.getByRole('heading', { name: 'Diçka shkoi keq' })).toBeVisible();
    vi.advanceTimersByTime(RELOAD_WAIT_CHECK_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('going to another address meanwhile cancels the reload', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    const reload = vi.fn();
    renderFailing(chunkError, reload);
    fireEvent.click(screen.getByRole('link', { name: 'Tjetër faqe' }));
    expect(screen.getByRole('heading', { name: 'Faqja punon' })).toBeVisible();
    vi.advanceTimersByTime(RELOAD_WAIT_CHECK_MS);
    expect(reload).not.toHaveBeenCalled();
  });

  it('offline, it does not reload (the browser would show its own page): the error page says so', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.useFakeTimers();
    const reload = vi.fn();
    renderFailing(chunkError, reload);
    expect(screen.getByRole('heading', { name: 'Diçka shkoi keq' })).toBeVisible();
    vi.advanceTimersByTime(RELOAD_WAIT_CHECK_MS);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a page that throws for another reason shows the error page at once and does not reload', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    const reload = vi.fn();
    renderFailing(() => new Error('render failed'), reload);
    expect(screen.getByRole('heading', { name: 'Diçka shkoi keq' })).toBeVisible();
    vi.advanceTimersByTime(RELOAD_WAIT_CHECK_MS);
    expect(reload).not.toHaveBeenCalled();
  });
});
