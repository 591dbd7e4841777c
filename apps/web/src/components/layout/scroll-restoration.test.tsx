import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from '../../lib/router';
import { ScrollRestoration } from './scroll-restoration';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <h2 id="café">Kafe</h2>
      <h2 id="%">Përqindja</h2>
      <ScrollRestoration />
    </MemoryRouter>,
  );
}

describe('the #anchor of the first address', () => {
  it('scrolls to the element its decoded id names', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { getByText } = renderAt('/#caf%C3%A9');
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(getByText('Kafe'));
  });

  it('a malformed escape (/#%) does not throw: the id is taken as written', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { getByText } = renderAt('/#%');
    expect(scrolled.mock.contexts[0]).toBe(getByText('Përqindja'));
  });

  it('a malformed escape that names nothing leaves the page where it is', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    expect(() => renderAt('/#%E0%A4%A')).not.toThrow();
    expect(scrolled).not.toHaveBeenCalled();
  });
});

describe('a page that replaces its own address', () => {
  it('stays where the reader is; a new address (pushed) starts at the top', async () => {
    const { act } = await import('@testing-library/react');
    const { useNavigate } = await import('../../lib/router');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    let go!: ReturnType<typeof useNavigate>;
    function Grab() {
      go = useNavigate();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/admin/warranty']}>
        <Grab />
        <ScrollRestoration />
      </MemoryRouter>,
    );
    scrollTo.mockClear();
    act(() => void go('/admin/warranty?q=arta', { replace: true }));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => void go('/admin/warranty?q=arta&page=2'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    act(() => void go('/admin/products', { replace: true }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('a page loaded fresh (issue 26)', () => {
  afterEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '');
  });

  it('opens at the top though the last page loaded fresh was left scrolled down; a reload of it keeps its own place', () => {
    // What an earlier version left: every page loaded fresh kept its position under 'default'.
    sessionStorage.setItem('shop-scroll-positions', JSON.stringify({ default: 671 }));
    window.history.replaceState(null, '');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const first = render(
      <MemoryRouter initialEntries={['/cart']}>
        <ScrollRestoration />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    // The entry got a key of its own, where the router reads it after a reload or Back.
    const key = (window.history.state as { key?: string } | null)?.key;
    expect(key).toEqual(expect.any(String));
    expect(key).not.toBe('default');

    // The shopper scrolls, and the page is left (its positions are kept on pagehide)...
    const jsdomScrollY = Object.getOwnPropertyDescriptor(window, 'scrollY');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 300 });
    try {
      window.dispatchEvent(new Event('scroll'));
      window.dispatchEvent(new Event('pagehide'));
    } finally {
      if (jsdomScrollY) Object.defineProperty(window, 'scrollY', jsdomScrollY);
      else delete (window as { scrollY?: number }).scrollY;
    }
    first.unmount();
    expect(JSON.parse(sessionStorage.getItem('shop-scroll-positions')!)).toMatchObject({ [key!]: 300 });

    // ...then reloaded (or reached by Back): the same entry, its own key, its own place.
    render(
      <MemoryRouter initialEntries={[{ pathname: '/cart', key }]}>
        <ScrollRestoration />
      </MemoryRouter>,
    );
    expect(scrollTo).toHaveBeenCalledWith(0, 300);

    // Another page loaded fresh: a new entry, a new key, the top.
    scrollTo.mockClear();
    window.history.replaceState(null, '');
    render(
      <MemoryRouter initialEntries={['/search?query=samsung']}>
        <ScrollRestoration />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    expect((window.history.state as { key?: string }).key).not.toBe(key);
  });
});
