import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { twoFactorText } from '@shop/shared/messages-two-factor';
import type { Profile } from '@shop/shared/schemas/auth';
import { clearSession, setSession } from '../../../lib/session';
import { adminUser, json, mockFetch, renderRoutes, sentBody, wrap } from '../auth-test-utils';
import { TwoFactorSettings } from './two-factor-settings';

const admin: Profile = {
  id: 1,
  name: 'Admin',
  email: 'admin@example.com',
  role: 'admin',
  emailVerified: true,
  hasPassword: true,
  twoFactorEnabled: false,
  phone: null,
  delivery: null,
};
const setup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/MobileShop%20KS:admin%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=MobileShop%20KS',
  qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
};
const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`.replace(/\d/g, (d) => 'abcdefghjk'[Number(d)]!));

const renderSettings = (profile: Profile, state?: unknown) =>
  renderRoutes([wrap(<TwoFactorSettings profile={profile} />, '/profile')], { pathname: '/profile', state });

beforeEach(() => setSession('tok', adminUser));
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('TwoFactorSettings', () => {
  it('is not shown to a customer without two-factor', () => {
    const { container } = renderSettings({ ...admin, role: 'user' });
    expect(container.querySelector('section')).toBeNull();
  });

  it("turns it on: 'Aktivizo' shows the QR and the key, a code confirms, the recovery codes are shown once with 'Kopjo'", async () => {
    const fetch = mockFetch(
      json(200, setup),
      json(400, { msg: twoFactorText.codeWrong }),
      json(200, { recoveryCodes: codes }),
      json(200, { ...admin, twoFactorEnabled: true }),
    );
    renderSettings(admin);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    expect(screen.getByRole('heading', { name: 'Verifikimi në dy hapa' })).toBeInTheDocument();
    expect(screen.getByText(twoFactorText.statusOff)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Aktivizo' }));
    const qr = await screen.findByRole('img', { name: twoFactorText.qrAlt });
    expect(qr).toHaveAttribute('src', setup.qrDataUrl);
    expect(screen.getByLabelText(twoFactorText.secretLabel)).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/2fa/setup');

    const field = screen.getByLabelText('Kodi i verifikimit');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    // Issue 24 finding 2: the current password comes first; without it nothing is sent.
    const password = screen.getByLabelText('Fjalëkalimi aktual');
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Konfirmo' }));
    expect(password).toBeInvalid();
    expect((password as HTMLInputElement).validationMessage).toBe(twoFactorText.currentPasswordRequired);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAccessibleDescription(twoFactorText.currentPasswordHint);
    await user.type(password, 'Ylberi-Prishtina-2026!');
    await user.click(screen.getByRole('button', { name: 'Konfirmo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(twoFactorText.codeWrong);
    expect(field).toHaveValue('');

    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Konfirmo' }));
    const list = await screen.findByRole('list', { name: twoFactorText.recoveryTitle });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(sentBody(fetch, 2)).toEqual({ password: 'Ylberi-Prishtina-2026!', code: '123456' });
    expect(screen.getByText(twoFactorText.recoveryNote)).toBeInTheDocument();
    expect(screen.getByText(twoFactorText.statusOn)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Kopjo' }));
    expect(writeText).toHaveBeenCalledWith(codes.join('\n'));
    expect(await screen.findByText(twoFactorText.copied)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: twoFactorText.savedCodes }));
    expect(screen.queryByRole('list', { name: twoFactorText.recoveryTitle })).not.toBeInTheDocument();
  });

  it("'Anulo' leaves the setup without enabling", async () => {
    const fetch = mockFetch(json(200, setup));
    renderSettings(admin);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Aktivizo' }));
    await screen.findByRole('img', { name: twoFactorText.qrAlt });
    await user.click(screen.getByRole('button', { name: 'Anulo' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aktivizo' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("when on: 'Çaktivizo' asks for the current password and a code, and says it is off", async () => {
    const fetch = mockFetch(
      json(400, { msg: twoFactorText.passwordWrong }),
      json(200, { msg: twoFactorText.disabled }),
      json(200, { ...admin, twoFactorEnabled: false }),
    );
    renderSettings({ ...admin, twoFactorEnabled: true });
    const user = userEvent.setup();
    expect(screen.getByText(twoFactorText.statusOn)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aktivizo' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Çaktivizo' }));
    await user.type(screen.getByLabelText('Fjalëkalimi aktual'), 'gabim-123');
    await user.type(screen.getByLabelText('Kodi i verifikimit'), '123456');
    await user.click(screen.getByRole('button', { name: 'Çaktivizo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(twoFactorText.passwordWrong);

    await user.clear(screen.getByLabelText('Fjalëkalimi aktual'));
    await user.type(screen.getByLabelText('Fjalëkalimi aktual'), 'sekret-123');
    await user.type(screen.getByLabelText('Kodi i verifikimit'), '654321');
    await user.click(screen.getByRole('button', { name: 'Çaktivizo' }));
    expect(await screen.findByText(twoFactorText.disabled)).toBeInTheDocument();
    expect(sentBody(fetch, 1)).toEqual({ password: 'sekret-123', code: '654321' });
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/auth/2fa/disable');
  });

  it("when on: 'Kode rezervë të reja' asks for the current password and a code, then shows the new codes once", async () => {
    const fetch = mockFetch(json(200, { recoveryCodes: codes }));
    renderSettings({ ...admin, twoFactorEnabled: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: twoFactorText.newRecoveryCodes }));
    await user.type(screen.getByLabelText('Fjalëkalimi aktual'), 'Ylberi-Prishtina-2026!');
    await user.type(screen.getByLabelText('Kodi i verifikimit'), 'abcde-fghjk{Enter}');
    const list = await screen.findByRole('list', { name: twoFactorText.recoveryTitle });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText(twoFactorText.recoveryCodesRenewed)).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/2fa/recovery-codes');
    expect(sentBody(fetch, 0)).toEqual({ password: 'Ylberi-Prishtina-2026!', code: 'abcde-fghjk' });
  });

  it('an account without a password is asked to confirm with Google instead (no password field)', async () => {
    const fetch = mockFetch();
    renderSettings({ ...admin, hasPassword: false, twoFactorEnabled: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Çaktivizo' }));
    expect(screen.getByText(twoFactorText.googleConfirmIntro)).toBeInTheDocument();
    expect(screen.queryByLabelText('Fjalëkalimi aktual')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Kodi i verifikimit'), '123456');
    await user.click(screen.getByRole('button', { name: 'Çaktivizo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(twoFactorText.googleRequired);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the reason when the app sent the admin here because two-factor is required', async () => {
    renderSettings(admin, { twoFactorSetupRequired: twoFactorText.setupRequired });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(twoFactorText.setupRequired));
  });
});
