import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, getToken, getUser, setSession } from '../../../lib/session';
import { customer, json, mockFetch, renderRoutes, wrap } from '../auth-test-utils';
import { dropAccountSwitch, offerAccountSwitch, pendingAccountSwitch } from '../pending-switch';
import { AccountSwitchDialog } from './account-switch-dialog';

const other = {
  id: 9,
  name: 'Sokol Berisha',
  email: 'sokol@example.com',
  role: 'user',
  emailVerified: true,
  hasPassword: true,
  twoFactorEnabled: false,
};

function renderWithDialog() {
  return renderRoutes(
    [
      wrap(
        <>
          <p>Faqja</p>
          <AccountSwitchDialog />
        </>,
        '/products',
      ),
    ],
    '/products',
  );
}

beforeEach(() => {
  clearSession();
  dropAccountSwitch();
  setSession('mine', customer);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  dropAccountSwitch();
});

describe('finding 2: a ?token= link while another user is logged in', () => {
  it("asks 'Jeni kyçur si … . Të vazhdoni si …?' with the other's name from GET /auth/profile with the link's token", async () => {
    const fetch = mockFetch(json(200, other));
    offerAccountSwitch('link-tok');
    renderWithDialog();
    const dialog = await screen.findByRole('alertdialog', { name: 'Llogari tjetër' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(await screen.findByText('Jeni kyçur si Arta Krasniqi. Të vazhdoni si Sokol Berisha?')).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription('Jeni kyçur si Arta Krasniqi. Të vazhdoni si Sokol Berisha?');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/profile');
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer link-tok');
    // The safe answer has the focus; the session is still the current one.
    expect(screen.getByRole('button', { name: 'Jo, qëndro' })).toHaveFocus();
    expect(getToken()).toBe('mine');
  });

  it("'Po, vazhdo' switches to the other account and goes to /profile; the old session ends on the server", async () => {
    const fetch = mockFetch(json(200, other), json(200, { msg: 'Dolët nga llogaria.' }));
    offerAccountSwitch('link-tok');
    renderWithDialog();
    const yes = await screen.findByRole('button', { name: 'Po, vazhdo' });
    await waitFor(() => expect(yes).toBeEnabled());
    await userEvent.setup().click(yes);
    expect(await screen.findByTestId('landed')).toHaveTextContent('/profile');
    expect(getToken()).toBe('link-tok');
    expect(getUser()).toEqual({ id: 9, name: 'Sokol Berisha', email: 'sokol@example.com', role: 'user', isAdmin: false });
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/auth/logout');
    expect(new Headers(fetch.mock.calls[1]?.[1]?.headers).get('authorization')).toBe('Bearer mine');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(pendingAccountSwitch()).toBeNull();
  });

  it("'Jo, qëndro' keeps the current session and forgets the link's token", async () => {
    mockFetch(json(200, other));
    offerAccountSwitch('link-tok');
    renderWithDialog();
    await screen.findByText(/Të vazhdoni si Sokol Berisha\?/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Jo, qëndro' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(getToken()).toBe('mine');
    expect(getUser()).toEqual(customer);
    expect(pendingAccountSwitch()).toBeNull();
    expect(screen.getByText('Faqja')).toBeInTheDocument();
  });

  it('Escape answers no; Tab and Shift+Tab stay inside the dialog', async () => {
    mockFetch(json(200, other));
    offerAccountSwitch('link-tok');
    renderWithDialog();
    await screen.findByText(/Të vazhdoni si Sokol Berisha\?/);
    const no = screen.getByRole('button', { name: 'Jo, qëndro' });
    const yes = screen.getByRole('button', { name: 'Po, vazhdo' });
    await waitFor(() => expect(yes).toBeEnabled());
    const user = userEvent.setup();
    expect(no).toHaveFocus();
    await user.tab();
    expect(yes).toHaveFocus();
    await user.tab();
    expect(no).toHaveFocus();
    await user.tab({ shift: true });
    expect(yes).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(getToken()).toBe('mine');
  });

  it('a refused link token says the link is not valid and keeps the current session', async () => {
    mockFetch(json(401, { msg: 'Sesioni nuk është i vlefshëm ose ka skaduar. Kyçuni përsëri.' }));
    offerAccountSwitch('bad-tok');
    renderWithDialog();
    expect(await screen.findByText('Lidhja nuk është e vlefshme. Mbeteni i kyçur si Arta Krasniqi.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Po, vazhdo' })).not.toBeInTheDocument();
    const close = screen.getByRole('button', { name: 'Mbyll' });
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.setup().click(close);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(getToken()).toBe('mine');
    expect(getUser()).toEqual(customer);
  });

  it('asks nothing once nobody is logged in any more', async () => {
    mockFetch(json(200, other));
    offerAccountSwitch('link-tok');
    renderWithDialog();
    await screen.findByRole('alertdialog');
    act(() => clearSession());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
