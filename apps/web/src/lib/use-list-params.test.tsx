import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from './router';
import { describe, expect, it } from 'vitest';
import { HistoryPathContext } from './history-path';
import { useListParams } from './use-list-params';

let search: (q: string) => void = () => {};
function List() {
  const { filters, update } = useListParams<{ q: string }, 'q'>((p) => ({ q: p.get('q') ?? '' }));
  search = (q) => update({ q }, { replace: true });
  const location = useLocation();
  return (
    <p>
      {location.pathname}
      {location.search} · {filters.q}
    </p>
  );
}

function renderAt(historyPath: string | null) {
  return render(
    <HistoryPathContext.Provider value={historyPath === null ? null : () => historyPath}>
      <MemoryRouter initialEntries={['/admin/warranty?page=2']}>
        <List />
      </MemoryRouter>
    </HistoryPathContext.Provider>,
  );
}

describe('useListParams', () => {
  it('puts the search in the address and starts again at page 1', () => {
    renderAt('/admin/warranty');
    act(() => search('8801'));
    expect(screen.getByText('/admin/warranty?q=8801 · 8801')).toBeInTheDocument();
  });

  it('drops a late search once the history is on the way to another page (it would pull the admin back)', () => {
    renderAt('/admin/riparimet/e-re');
    act(() => search('8801'));
    expect(screen.getByText('/admin/warranty?page=2 ·')).toBeInTheDocument();
  });

  it('works under a router that does not say where the history is', () => {
    renderAt(null);
    act(() => search('iphone'));
    expect(screen.getByText('/admin/warranty?q=iphone · iphone')).toBeInTheDocument();
  });
});
