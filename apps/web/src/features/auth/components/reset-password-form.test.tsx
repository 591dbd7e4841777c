import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages } from '@shop/shared/schemas/auth';
import { clearSession, getToken, getUser, setSession } from '../../../lib/session';
import { customer, json, mockFetch, renderRoutes, sentBody, wrap } from '../auth-test-utils';
import { ResetPasswordForm } from './reset-password-form';

const TOKEN = 'reset-link-token-0123456789';
const renderReset = (token: string | null = TOKEN) =>
  renderRoutes([wrap(<ResetPasswordForm token={token} />, '/rivendos-fjalekalimin')], '/rivendos-fjalekalimin');

async function fill(password: string, repeat = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Fjalëkalimi i ri'), password);
  await user.type(screen.getByLabelText('Përsëritni fjalëkalimin e ri'), repeat);
  await user.click(screen.getByRole('button', { name: 'Ruaj fjalëkalimin' }));
  return user;
}

beforeEach(() => clearSession());
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('/rivendos-fjalekalimin', () => {
  it('explains the rules and lets each field be shown', async () => {
    renderReset();
    const field = screen.getByLabelText('Fjalëkalimi i ri');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAccessibleDescription(
      'Të paktën 8 karaktere, i vështirë për t’u gjetur (p.sh. disa fjalë të palidhura), jo email-i ose emri.',
    );
    const [show] = screen.getAllByRole('button', { name: 'Shfaq' });
    await userEvent.setup().click(show!);
    expect(field).toHaveAttribute('type', 'text');
    expect(show).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Përsëritni fjalëkalimin e ri')).toHaveAttribute('type', 'password');
  });

  it('sends token and password, clears the stored session (the server ended them all) and leads to /kycu', async () => {
    const fetch = mockFetch(json(200, { msg: authMessages.passwordReset }));
    setSession('old-session', customer);
    renderReset();
    await fill('kafe-me-qumesht');
    expect(await screen.findByRole('status')).toHaveTextContent(authMessages.passwordReset);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/reset-password');
    expect(sentBody(fetch)).toEqual({ token: TOKEN, password: 'kafe-me-qumesht' });
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('authorization')).toBeNull();
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(screen.getByRole('link', { name: 'Kyçuni tani' })).toHaveAttribute('href', '/kycu');
  });

  it('refuses a short password and a different repeat without calling the server', async () => {
    const fetch = mockFetch();
    renderReset();
    const user = await fill('1234567');
    expect(screen.getByRole('alert')).toHaveTextContent(authMessages.passwordShort);
    expect(screen.getByLabelText('Fjalëkalimi i ri')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Fjalëkalimi i ri'), '8');
    await user.type(screen.getByLabelText('Përsëritni fjalëkalimin e ri'), '9');
    await user.click(screen.getByRole('button', { name: 'Ruaj fjalëkalimin' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Fjalëkalimet nuk përputhen.');
    expect(screen.getByLabelText('Përsëritni fjalëkalimin e ri')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("keeps the form for the server's password reason (a common password)", async () => {
    mockFetch(json(400, { msg: authMessages.passwordCommon }));
    setSession('old-session', customer);
    renderReset();
    await fill('password');
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.passwordCommon);
    expect(screen.getByLabelText('Fjalëkalimi i ri')).toHaveAccessibleDescription(
      `${authMessages.passwordCommon} Të paktën 8 karaktere, i vështirë për t’u gjetur (p.sh. disa fjalë të palidhura), jo email-i ose emri.`,
    );
    expect(getToken()).toBe('old-session');
  });

  it("a bad, used or expired link: the server's message and a link back to /harruat-fjalekalimin", async () => {
    mockFetch(json(400, { msg: authMessages.resetTokenInvalid }));
    setSession('old-session', customer);
    renderReset();
    await fill('kafe-me-qumesht');
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.resetTokenInvalid);
    expect(screen.getByRole('link', { name: 'Kërkoni një lidhje të re' })).toHaveAttribute('href', '/harruat-fjalekalimin');
    expect(screen.queryByLabelText('Fjalëkalimi i ri')).not.toBeInTheDocument();
    expect(getToken()).toBe('old-session');
  });

  it('without a token in the address, says the link is incomplete', () => {
    renderReset(null);
    expect(screen.getByRole('alert')).toHaveTextContent('Lidhja nuk është e plotë. Kërkoni një lidhje të re.');
    expect(screen.getByRole('link', { name: 'Kërkoni një lidhje të re' })).toHaveAttribute('href', '/harruat-fjalekalimin');
  });
});
