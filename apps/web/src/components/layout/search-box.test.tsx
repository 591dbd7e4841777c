import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/storefront-render';
import { SearchBox } from './search-box';

describe('search box', () => {
  it('submits the trimmed, URL-encoded text on Enter', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(<SearchBox id="s" />);
    expect(screen.getByPlaceholderText('Çfarë po kërkoni?')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox'), '  iPhone 16 & çanta {Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe(`?query=${encodeURIComponent('iPhone 16 & çanta')}`);
  });

  it('does nothing for blank text, and submits with the icon button', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(<SearchBox id="s" />);
    await user.type(screen.getByRole('searchbox'), '   ');
    await user.click(screen.getByRole('button', { name: 'Kërko' }));
    expect(router.state.location.pathname).toBe('/');
    await user.type(screen.getByRole('searchbox'), 'samsung');
    await user.click(screen.getByRole('button', { name: 'Kërko' }));
    expect(router.state.location.search).toBe('?query=samsung');
  });
});
