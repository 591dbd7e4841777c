import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages, passwordWeakMessages } from '@shop/shared/schemas/auth';
import { clearSession, getToken, getUser } from '../../../lib/session';
import { customer, json, mockFetch, renderRoutes, sentBody, wrap } from '../auth-test-utils';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

const renderRegister = (variant: 'register' | 'regjistrohu') =>
  renderRoutes(
    [
      wrap(<RegisterForm variant={variant} />, `/${variant}`),
      wrap(<LoginForm variant="login" />, '/login'),
      wrap(<LoginForm variant="kycu" />, '/kycu'),
    ],
    `/${variant}`,
  );

async function fill(fields: { name?: string; email?: string; phone?: string; password?: string }) {
  const user = userEvent.setup();
  if (fields.name) await user.type(screen.getByLabelText('Emri i plotë'), fields.name);
  if (fields.email) await user.type(screen.getByLabelText('Email'), fields.email);
  if (fields.phone) await user.type(screen.getByLabelText('Telefoni (opsional)'), fields.phone);
  if (fields.password) await user.type(screen.getByLabelText('Fjalëkalimi'), fields.password);
  await user.click(screen.getByRole('button', { name: 'Regjistrohu' }));
  return user;
}

beforeEach(() => clearSession());
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('/register', () => {
  it('has name, email and password (no phone) and a link to /login', () => {
    renderRegister('register');
    expect(screen.getByLabelText('Emri i plotë')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Fjalëkalimi')).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText('Telefoni (opsional)')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kyçuni' })).toHaveAttribute('href', '/login');
  });

  it('sends name, email and password, then goes to /login with the email filled in, storing nothing', async () => {
    const fetch = mockFetch(json(201, { token: 'reg-tok', user: customer }));
    renderRegister('register');
    await fill({ name: 'Arta Krasniqi', email: 'Arta@Example.com', password: 'sekret-123' });
    expect(await screen.findByRole('status')).toHaveTextContent('Llogaria u krijua me sukses.');
    expect(screen.getByLabelText('Email')).toHaveValue('arta@example.com');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/register');
    expect(sentBody(fetch)).toEqual({ name: 'Arta Krasniqi', email: 'arta@example.com', password: 'sekret-123' });
    expect(getToken()).toBeNull();
  });

  it("shows the server msg, else 'Gabim gjatë regjistrimit!', and the network text", async () => {
    mockFetch(json(409, { msg: authMessages.emailTaken }), json(500, {}), new TypeError('Failed to fetch'));
    renderRegister('register');
    const user = await fill({ name: 'A', email: 'a@example.com', password: 'sekret-123' });
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.emailTaken);
    await user.click(screen.getByRole('button', { name: 'Regjistrohu' }));
    expect(await screen.findByText('Gabim gjatë regjistrimit!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Regjistrohu' }));
    expect(await screen.findByText('Gabim gjatë lidhjes me serverin!')).toBeInTheDocument();
  });

  it('names a short password and a malformed email in Albanian without calling the server', async () => {
    const fetch = mockFetch();
    renderRegister('register');
    const password = screen.getByLabelText('Fjalëkalimi');
    const user = await fill({ name: 'A', email: 'a@example', password: 'sekret-123' });
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.emailInvalid);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'a@example.com');
    await user.clear(password);
    await user.type(password, '1234567');
    await user.click(screen.getByRole('button', { name: 'Regjistrohu' }));
    expect(screen.getByRole('alert')).toHaveTextContent(authMessages.passwordShort);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("the browser's own checks speak Albanian", async () => {
    renderRegister('register');
    const name = screen.getByLabelText('Emri i plotë') as HTMLInputElement;
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(name.checkValidity()).toBe(false);
    expect(name.validationMessage).toBe(authMessages.nameRequired);
    await userEvent.setup().type(email, 'not-an-email');
    expect(email.checkValidity()).toBe(false);
    expect(email.validationMessage).toBe(authMessages.emailInvalid);
  });
});

describe('/regjistrohu', () => {
  it('sends the optional phone, stores the returned token and goes to /kycu', async () => {
    const fetch = mockFetch(json(201, { token: 'reg-tok', user: customer }));
    renderRegister('regjistrohu');
    expect(screen.getByRole('link', { name: 'Kyçuni' })).toHaveAttribute('href', '/kycu');
    await fill({ name: 'Besa Gashi', email: 'besa@example.com', phone: '+383 44 555 666', password: 'sekret-123' });
    expect(await screen.findByRole('checkbox', { name: 'Më mbaj të kyçur' })).toBeInTheDocument();
    expect(sentBody(fetch)).toEqual({ name: 'Besa Gashi', email: 'besa@example.com', password: 'sekret-123', phone: '+383 44 555 666' });
    expect(getToken()).toBe('reg-tok');
    expect(getUser()).toBeNull();
  });

  it('leaves the phone out when it is empty', async () => {
    const fetch = mockFetch(json(201, { token: 'reg-tok', user: customer }));
    renderRegister('regjistrohu');
    await fill({ name: 'Besa', email: 'besa@example.com', password: 'sekret-123' });
    await screen.findByRole('checkbox', { name: 'Më mbaj të kyçur' });
    expect(sentBody(fetch)).not.toHaveProperty('phone');
  });
});

describe('finding 5: the register screens say why a password is refused', () => {
  const hint = 'Të paktën 8 karaktere, i vështirë për t’u gjetur (p.sh. disa fjalë të palidhura), jo email-i ose emri.';

  it('the hint under the password says the rules', () => {
    renderRegister('register');
    expect(screen.getByLabelText('Fjalëkalimi')).toHaveAccessibleDescription(hint);
  });

  it('refuses the e-mail or the name as password before any call, in the alert and under the field', async () => {
    const fetch = mockFetch();
    renderRegister('regjistrohu');
    const user = await fill({ name: 'Besa Gashi', email: 'besa@example.com', password: 'besa@example.com' });
    expect(screen.getByRole('alert')).toHaveTextContent(authMessages.passwordIsEmail);
    const password = screen.getByLabelText('Fjalëkalimi');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(`${authMessages.passwordIsEmail} ${hint}`);
    await user.clear(password);
    await user.type(password, 'BesaGashi');
    await user.click(screen.getByRole('button', { name: 'Regjistrohu' }));
    expect(screen.getByRole('alert')).toHaveTextContent(authMessages.passwordIsName);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's reason for a common password next to the field, and the flow stays", async () => {
    mockFetch(json(400, { msg: authMessages.passwordCommon }));
    renderRegister('register');
    await fill({ name: 'Besa', email: 'besa@example.com', password: 'password' });
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.passwordCommon);
    expect(screen.getByLabelText('Fjalëkalimi')).toHaveAccessibleDescription(`${authMessages.passwordCommon} ${hint}`);
    expect(getToken()).toBeNull();
  });

  it("issue 24 finding 10: shows the server's reason for a weak password (zxcvbn) next to the field", async () => {
    mockFetch(json(400, { msg: passwordWeakMessages.similarToCommon }));
    renderRegister('regjistrohu');
    await fill({ name: 'Besa', email: 'besa@example.com', password: 'Password1!' });
    expect(await screen.findByRole('alert')).toHaveTextContent(passwordWeakMessages.similarToCommon);
    expect(screen.getByLabelText('Fjalëkalimi')).toHaveAccessibleDescription(`${passwordWeakMessages.similarToCommon} ${hint}`);
    expect(getToken()).toBeNull();
  });

  it('another refusal (the e-mail is taken) stays in the alert only', async () => {
    mockFetch(json(409, { msg: authMessages.emailTaken }));
    renderRegister('register');
    await fill({ name: 'Besa', email: 'besa@example.com', password: 'kafe-me-qumesht' });
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.emailTaken);
    expect(screen.getByLabelText('Fjalëkalimi')).not.toHaveAttribute('aria-invalid');
  });
});

describe('issue 30: registering on the way from the checkout', () => {
  const fromCheckout = { pathname: '/checkout', search: '', hash: '' };
  const renderFrom = (variant: 'register' | 'regjistrohu', from?: typeof fromCheckout) =>
    renderRoutes([wrap(<RegisterForm variant={variant} />, `/${variant}`), wrap(<LoginForm variant="login" />, '/login')], {
      pathname: `/${variant}`,
      state: from ? { from } : undefined,
    });

  it.each(['register', 'regjistrohu'] as const)('/%s returns to the checkout signed in, with no second password', async (variant) => {
    const fetch = mockFetch(json(201, { token: 'reg-tok', user: customer }));
    const { router } = renderFrom(variant, fromCheckout);
    expect(screen.getByText('Pas regjistrimit ktheheni te porosia juaj, me shportën siç është.')).toBeInTheDocument();
    await fill({ name: 'Arta Krasniqi', email: 'arta@example.com', password: 'sekret-123' });
    expect(await screen.findByText('page /checkout')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(getToken()).toBe('reg-tok');
    expect(getUser()).toEqual(customer);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the phone given on /regjistrohu (the profile offers it to the delivery)', async () => {
    const fetch = mockFetch(json(201, { token: 'reg-tok', user: customer }));
    renderFrom('regjistrohu', fromCheckout);
    await fill({ name: 'Arta Krasniqi', email: 'arta@example.com', phone: '044 987 654', password: 'sekret-123' });
    expect(await screen.findByText('page /checkout')).toBeInTheDocument();
    expect(sentBody(fetch)).toMatchObject({ phone: '+383 44 987 654' });
  });

  it('without the checkout behind it, goes to /login as the contract says', async () => {
    mockFetch(json(201, { token: 'reg-tok', user: customer }));
    const { router } = renderFrom('register');
    expect(screen.queryByText(/ktheheni te porosia/)).not.toBeInTheDocument();
    await fill({ name: 'Arta Krasniqi', email: 'arta@example.com', password: 'sekret-123' });
    expect(await screen.findByRole('status')).toHaveTextContent('Llogaria u krijua me sukses.');
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('an answer without a user falls back to /login, keeping the way back to the checkout', async () => {
    mockFetch(json(201, { token: 'reg-tok' }));
    const { router } = renderFrom('register', fromCheckout);
    await fill({ name: 'Arta Krasniqi', email: 'arta@example.com', password: 'sekret-123' });
    expect(await screen.findByRole('status')).toHaveTextContent('Llogaria u krijua me sukses.');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: fromCheckout });
  });
});
