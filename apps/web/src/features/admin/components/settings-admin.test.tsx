import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultShopSettings } from '@shop/shared/domain/shop-settings';
import { settingsMsg } from '@shop/shared/schemas/shop-settings';
import { setSession } from '../../../lib/session';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { SettingsAdmin } from './settings-admin';

afterEach(() => vi.unstubAllGlobals());

describe("<SettingsAdmin> ('Cilësimet')", () => {
  it('refuses a wrong IBAN beside its field and sends nothing', async () => {
    setSession('owner-token', { id: 1, name: 'Pronari', email: 'p@x', role: 'admin' });
    const fetchMock = mockApi(() => ({ body: defaultShopSettings }));
    renderAdmin(<SettingsAdmin />);
    const iban = await screen.findByLabelText('IBAN');
    await userEvent.clear(iban);
    await userEvent.type(iban, 'XK06 1212 0123 4567 8906');
    await userEvent.click(screen.getByRole('button', { name: 'Ruaj cilësimet' }));
    expect(iban).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('IBAN nuk është i saktë: shifrat e kontrollit nuk përputhen.')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves the whole document with a new courier and says so', async () => {
    setSession('owner-token', { id: 1, name: 'Pronari', email: 'p@x', role: 'admin' });
    const fetchMock = mockApi((_url, init) => ({
      body: init.method === 'PUT' ? { ...defaultShopSettings, ...(init.json as object) } : defaultShopSettings,
    }));
    renderAdmin(<SettingsAdmin />);
    const days = await screen.findByLabelText('Ditët për pagesën');
    await userEvent.clear(days);
    await userEvent.type(days, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Shto korrier' }));
    const n = defaultShopSettings.couriers.length + 1;
    await userEvent.type(screen.getByLabelText(`Korrieri ${n}`), 'Korrieri Ynë');
    await userEvent.type(screen.getAllByLabelText('Adresa e gjurmimit')[n - 1]!, 'https://ynë.example/t/{{tracking}');
    await userEvent.click(screen.getByRole('button', { name: 'Ruaj cilësimet' }));
    await waitFor(() => expect(screen.getByText(settingsMsg.saved)).toBeInTheDocument());
    const put = callsOf(fetchMock).find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/admin/settings');
    expect(put.body).toMatchObject({ transferDays: 5, iban: defaultShopSettings.iban });
    expect(put.body.couriers.at(-1)).toEqual({ name: 'Korrieri Ynë', trackingUrl: 'https://ynë.example/t/{tracking}' });
  });
});
