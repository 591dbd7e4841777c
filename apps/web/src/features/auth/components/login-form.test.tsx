import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages } from '@shop/shared/schemas/auth';
import { clearSession, getToken, getUser } from '../../../lib/session';
import { adminUser, customer, json, mockFetch, renderRoutes, sentBody, wrap } from '../auth-test-utils';
import { LoginForm } from './login-form';

const renderLogin = (variant: 'login' | 'kycu', state?: unknown) =>
  renderRoutes([wrap(<LoginForm variant={variant} />, `/${variant}`)], { pathname: `/${variant}`, state });

async function fillAndSubmit(email = 'arta@example.com', password = 'sekret-123') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Fjalëkalimi'), password);
  await user.click(screen.getByRole('button', { name: 'Kyçu' }));
  return user;
}

beforeEach(() => clearSession());
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('/login', () => {
  it('has email, password, the Kyçu button, the divider and a link to register', () => {
    renderLogin('login');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Fjalëkalimi')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Kyçu' })).toBeEnabled();
    expect(screen.getByText('ose')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Regjistrohuni' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('stores token and user and sends a customer to /profile', async () => {
    const fetch = mockFetch(json(200, { token: 'tok-1', user: customer }));
    renderLogin('login');
    await fillAndSubmit(' Arta@Example.com ');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/profile');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/login');
    expect(sentBody(fetch)).toEqual({ email: 'arta@example.com', password: 'sekret-123' });
    expect(getToken()).toBe('tok-1');
    expect(getUser()).toEqual(customer);
  });

  it('sends an admin to /warranty', async () => {
    mockFetch(json(200, { token: 'tok-a', user: adminUser }));
    renderLogin('login');
    await fillAndSubmit('admin@example.com');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/warranty');
  });

  it('returns to where the guard sent the user from', async () => {
    mockFetch(json(200, { token: 'tok-a', user: adminUser }));
    renderLogin('login', { from: { pathname: '/checkout', search: '?x=1', hash: '' } });
    await fillAndSubmit('admin@example.com');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/checkout?x=1');
  });

  it('disables the buttons while submitting, then shows the server msg and re-enables', async () => {
    let answer!: (r: Response) => void;
    mockFetch(new Promise<Response>((r) => (answer = r)));
    renderLogin('login');
    await fillAndSubmit('arta@example.com', 'gabim-123');
    expect(screen.getByRole('button', { name: 'Kyçu' })).toBeDisabled();
    answer(json(401, { msg: authMessages.invalidCredentials }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.invalidCredentials);
    expect(screen.getByRole('button', { name: 'Kyçu' })).toBeEnabled();
    expect(getToken()).toBeNull();
  });

  it("falls back to 'Gabim në login' without a msg, and when the answer lacks the user", async () => {
    mockFetch(json(500, {}), json(200, { token: 'only-token' }));
    renderLogin('login');
    const user = await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Gabim në login');
    await user.click(screen.getByRole('button', { name: 'Kyçu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Gabim në login');
    expect(getToken()).toBeNull();
  });

  it("says 'Gabim gjatë lidhjes me serverin' when the server cannot be reached", async () => {
    mockFetch(new TypeError('Failed to fetch'));
    renderLogin('login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Gabim gjatë lidhjes me serverin$/);
  });

  it('names a malformed email in Albanian without calling the server', async () => {
    const fetch = mockFetch();
    renderLogin('login');
    await fillAndSubmit('arta.example.com');
    const input = screen.getByLabelText('Email') as HTMLInputElement;
    expect(input).toBeInvalid();
    expect(input.validationMessage).toBe(authMessages.emailInvalid);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('greets a just-registered user and fills in the email', () => {
    renderLogin('login', { registered: 'new@example.com' });
    expect(screen.getByText('Llogaria u krijua me sukses. Tani mund të kyçeni.')).toHaveClass('alert-success');
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
  });

  it("has 'Keni harruar fjalëkalimin?' too, leading to /harruat-fjalekalimin (no keep-me-logged-in box)", async () => {
    renderLogin('login');
    const link = screen.getByRole('link', { name: 'Keni harruar fjalëkalimin?' });
    expect(link).toHaveAttribute('href', '/harruat-fjalekalimin');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.setup().click(link);
    expect(await screen.findByTestId('landed')).toHaveTextContent('/harruat-fjalekalimin');
  });

  it('shows no Google button when no client id is configured (issue 26)', () => {
    renderLogin('login');
    expect(screen.queryByRole('button', { name: 'Kyçu me Google' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Kyçu' })).toBeEnabled();
  });
});

describe('/kycu', () => {
  it("has the keep-me-logged-in checkbox and 'Keni harruar fjalëkalimin?' leading to /harruat-fjalekalimin", async () => {
    renderLogin('kycu');
    const user = userEvent.setup();
    const box = screen.getByRole('checkbox', { name: 'Më mbaj të kyçur' });
    await user.click(box);
    expect(box).toBeChecked();
    expect(screen.getByRole('link', { name: 'Keni harruar fjalëkalimin?' })).toHaveAttribute('href', '/harruat-fjalekalimin');
    expect(screen.getByRole('link', { name: 'Regjistrohuni' })).toHaveAttribute('href', '/regjistrohu');
  });

  it('goes to / after success, whoever logs in', async () => {
    mockFetch(json(200, { token: 'tok-a', user: adminUser }));
    renderLogin('kycu');
    await fillAndSubmit('admin@example.com');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^page \/$/);
    expect(getToken()).toBe('tok-a');
  });

  it("falls back to 'Gabim gjatë kyçjes!' and shows the server msg when there is one", async () => {
    mockFetch(json(500, {}), json(403, { msg: 'Llogaria juaj është bllokuar. Kontaktoni dyqanin.' }));
    renderLogin('kycu');
    const user = await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Gabim gjatë kyçjes!$/);
    await user.click(screen.getByRole('button', { name: 'Kyçu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Llogaria juaj është bllokuar.');
  });
});
