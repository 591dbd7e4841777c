import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
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
    const { useNavigate } = await import('react-router');
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
