import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages, type Profile } from '@shop/shared/schemas/auth';
import { clearSession, getToken, getUser, setSession } from '../../../lib/session';
import { customer, json, mockFetch, renderRoutes, sentBody, wrap } from '../auth-test-utils';
import { AccountSecurity } from './account-security';

const profile: Profile = { ...customer, emailVerified: true, hasPassword: true, twoFactorEnabled: false, phone: null, delivery: null };
const renderSecurity = (p: Partial<Profile> = {}) =>
  renderRoutes([wrap(<AccountSecurity profile={{ ...profile, ...p }} />, '/profile')], '/profile');
const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => setSession('tok', customer));
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('profile: e-mail verification', () => {
  it("says 'Email-i juaj nuk është verifikuar.' and 'Dërgo përsëri' asks for a new link", async () => {
    const fetch = mockFetch(json(202, { msg: authMessages.verificationSent }), json(429, { msg: authMessages.tooManyAttempts }));
    renderSecurity({ emailVerified: false });
    expect(screen.getByText('Email-i juaj nuk është verifikuar.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dërgo përsëri' }));
    expect(await screen.findByText(authMessages.verificationSent)).toHaveAttribute('role', 'status');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/resend-verification');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer tok');
    await user.click(screen.getByRole('button', { name: 'Dërgo përsëri' }));
    expect(await screen.findByText(authMessages.tooManyAttempts)).toBeInTheDocument();
  });

  it('shows no notice for a verified address', () => {
    renderSecurity();
    expect(screen.queryByText('Email-i juaj nuk është verifikuar.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dërgo përsëri' })).not.toBeInTheDocument();
  });
});

describe("profile: 'Ndrysho fjalëkalimin'", () => {
  async function change(current: string, next: string, repeat = next) {
    const user = userEvent.setup();
    const form = section('Ndrysho fjalëkalimin');
    await user.type(within(form).getByLabelText('Fjalëkalimi i tanishëm'), current);
    await user.type(within(form).getByLabelText('Fjalëkalimi i ri'), next);
    await user.type(within(form).getByLabelText('Përsëritni fjalëkalimin e ri'), repeat);
    await user.click(within(form).getByRole('button', { name: 'Ndrysho fjalëkalimin' }));
  }

  it('sends current and new password and stores the new token and user it returns', async () => {
    const fetch = mockFetch(json(200, { token: 'new-tok', user: { ...customer, name: 'Arta K.' } }));
    renderSecurity();
    await change('sekret-123', 'kafe-me-qumesht');
    expect(await screen.findByText(authMessages.passwordChanged)).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/change-password');
    expect(sentBody(fetch)).toEqual({ currentPassword: 'sekret-123', newPassword: 'kafe-me-qumesht' });
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer tok');
    expect(getToken()).toBe('new-tok');
    expect(getUser()).toEqual({ ...customer, name: 'Arta K.' });
    expect(screen.getByLabelText('Fjalëkalimi i tanishëm')).toHaveValue('');
  });

  it('refuses the e-mail as password and a different repeat before any call', async () => {
    const fetch = mockFetch();
    renderSecurity();
    await change('sekret-123', 'arta@example.com');
    expect(screen.getByRole('alert')).toHaveTextContent(authMessages.passwordIsEmail);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('marks the current password when the server says it is wrong; the session stays', async () => {
    mockFetch(json(400, { msg: authMessages.currentPasswordWrong }));
    renderSecurity();
    await change('gabim-gabim', 'kafe-me-qumesht');
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.currentPasswordWrong);
    expect(screen.getByLabelText('Fjalëkalimi i tanishëm')).toHaveAttribute('aria-invalid', 'true');
    expect(getToken()).toBe('tok');
  });

  it('an account without password is told how to set one', () => {
    renderSecurity({ hasPassword: false });
    expect(screen.queryByLabelText('Fjalëkalimi i tanishëm')).not.toBeInTheDocument();
    expect(screen.getByText(/nuk ka fjalëkalim/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vendosni një fjalëkalim' })).toHaveAttribute('href', '/harruat-fjalekalimin');
  });
});

describe("profile: 'Dil nga të gjitha pajisjet'", () => {
  it('ends every session on the server, then clears this one and goes to /kycu', async () => {
    const fetch = mockFetch(json(200, { msg: authMessages.loggedOutEverywhere }));
    renderSecurity();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dil nga të gjitha pajisjet' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/kycu');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/logout-all');
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer tok');
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
  });

  it('keeps the session and says so when the server cannot be reached', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    renderSecurity();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dil nga të gjitha pajisjet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Gabim gjatë lidhjes me serverin');
    expect(getToken()).toBe('tok');
  });
});
