import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Profile } from '@shop/shared/schemas/auth';
import { json, mockFetch, sentBody } from '../auth-test-utils';
import { ProfileEditForm } from './profile-edit-form';

const profile: Profile = {
  id: 7,
  name: 'Arta Krasniqi',
  email: 'arta@example.com',
  role: 'user',
  emailVerified: true,
  hasPassword: true,
  twoFactorEnabled: false,
  phone: null,
  delivery: null,
};

function renderForm(p: Profile = profile) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProfileEditForm profile={p} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ProfileEditForm', () => {
  it('checks each field beside it with the shared schema, then saves name, phone and the delivery details', async () => {
    const saved: Profile = {
      ...profile,
      name: 'Arta K.',
      phone: '+383 44 123 456',
      delivery: { fullName: 'Arta K.', phone: '+383 44 123 456', city: 'Pejë', address: 'Rruga Mbretëresha Teutë 4' },
    };
    const fetch = mockFetch(json(200, saved));
    renderForm();
    const user = userEvent.setup();
    const form = within(screen.getByRole('region', { name: 'Të dhënat e mia' }));
    await user.clear(form.getByLabelText('Emri'));
    await user.type(form.getByLabelText('Emri'), 'Arta K.');
    await user.type(form.getByLabelText('Telefoni', { selector: '#profile-phone' }), '12345');
    await user.type(form.getByLabelText('Emri dhe mbiemri'), 'Arta K.');
    await user.click(form.getByRole('button', { name: 'Ruaj ndryshimet' }));

    // A wrong phone and an unfinished address: messages beside the fields, nothing sent.
    const phone = form.getByLabelText('Telefoni', { selector: '#profile-phone' });
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(/Shkruani një numër telefoni të vlefshëm/);
    expect(form.getByLabelText('Komuna')).toHaveAccessibleDescription('Zgjidhni komunën nga lista.');
    expect(form.getByRole('alert')).toHaveTextContent('Kontrolloni fushat e shënuara.');
    expect(fetch).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(phone).toHaveFocus());

    await user.clear(phone);
    await user.type(phone, '044123456');
    await user.type(form.getByLabelText('Telefoni', { selector: '#profile-delivery-phone' }), '+383 44 123 456');
    await user.selectOptions(form.getByLabelText('Komuna'), 'Pejë');
    await user.type(form.getByLabelText('Adresa'), 'Rruga Mbretëresha Teutë 4');
    await user.click(form.getByRole('button', { name: 'Ruaj ndryshimet' }));
    expect(await form.findByText('Ndryshimet u ruajtën.')).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/profile');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('PATCH');
    expect(sentBody(fetch)).toEqual({
      name: 'Arta K.',
      phone: '+383 44 123 456',
      delivery: { fullName: 'Arta K.', phone: '+383 44 123 456', city: 'Pejë', address: 'Rruga Mbretëresha Teutë 4' },
    });
    // The saved (normalised) values are shown.
    expect(phone).toHaveValue('+383 44 123 456');
    expect(phone).not.toHaveAttribute('aria-invalid');
  });

  it("clears the phone and the saved address when emptied, and puts the server's 400 beside its field", async () => {
    const withAll: Profile = {
      ...profile,
      phone: '+383 44 123 456',
      delivery: { fullName: 'Arta', phone: '+383 44 123 456', city: 'Prizren', address: 'Rruga 1' },
    };
    const fetch = mockFetch(
      json(400, { msg: 'Emri ka shenja që nuk lejohen.', field: 'name' }),
      json(200, { ...withAll, phone: null, delivery: null }),
    );
    renderForm(withAll);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ruaj ndryshimet' }));
    const name = screen.getByLabelText('Emri');
    expect(await screen.findByText('Emri ka shenja që nuk lejohen.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Ndryshimet nuk u ruajtën: Emri ka shenja që nuk lejohen.');

    await user.clear(screen.getByLabelText('Telefoni', { selector: '#profile-phone' }));
    for (const label of ['Emri dhe mbiemri', 'Adresa']) await user.clear(screen.getByLabelText(label));
    await user.clear(screen.getByLabelText('Telefoni', { selector: '#profile-delivery-phone' }));
    await user.selectOptions(screen.getByLabelText('Komuna'), '');
    await user.click(screen.getByRole('button', { name: 'Ruaj ndryshimet' }));
    expect(await screen.findByText('Ndryshimet u ruajtën.')).toBeInTheDocument();
    expect(sentBody(fetch, 1)).toEqual({ name: 'Arta Krasniqi', phone: '', delivery: null });
  });
});
