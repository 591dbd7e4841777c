import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '@shop/shared/schemas/admin';
import { setSession } from '../../../lib/session';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { listsMsg } from '@shop/shared/messages-lists';
import { UsersAdmin } from './users-admin';

const user = (id: number, name: string, role: AdminUser['role'], blocked = false, twoFactorEnabled = false): AdminUser => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  role,
  isAdmin: role === 'admin',
  blocked,
  createdAt: '2026-01-01T00:00:00.000Z',
  twoFactorEnabled,
});

/** One page of GET /api/admin/users_new/search. */
const page = (items: AdminUser[], total = items.length, n = 1) => ({ items, total, page: n, pageSize: 20 });

afterEach(() => vi.unstubAllGlobals());

describe('<UsersAdmin>', () => {
  it('shows role and state, offers no action on the own account, and toggles role and block', async () => {
    setSession('t', { id: 1, name: 'Admin', email: 'admin@example.com', role: 'admin' });
    let list = [user(1, 'Admin', 'admin'), user(2, 'Arta', 'user')];
    const fetchMock = mockApi((url, init) => {
      if (init.method === 'PUT') {
        const patch = url.endsWith('/role') ? { role: (init.json as { role: AdminUser['role'] }).role } : (init.json as object);
        list = [list[0]!, { ...list[1]!, ...patch }];
        return { body: list[1] };
      }
      return { body: page(list) };
    });
    renderAdmin(<UsersAdmin />);
    const own = (await screen.findByTitle('admin@example.com')).closest('tr')!;
    expect(within(own).queryByRole('button')).toBeNull();
    expect(within(own).getByText('(llogaria juaj)')).toBeInTheDocument();

    const arta = () => screen.getByTitle('arta@example.com').closest('tr')!;
    expect(within(arta()).getByText('Klient')).toBeInTheDocument();
    expect(within(arta()).getByText('Aktiv')).toBeInTheDocument();
    await userEvent.click(within(arta()).getByRole('button', { name: 'Bëje admin: Arta' }));
    await waitFor(() => expect(within(arta()).getByText('Admin')).toBeInTheDocument());
    await userEvent.click(within(arta()).getByRole('button', { name: 'Blloko Arta' }));
    await waitFor(() => expect(within(arta()).getByText('I bllokuar')).toBeInTheDocument());
    expect(within(arta()).getByRole('button', { name: 'Zhblloko Arta' })).toBeInTheDocument();

    const puts = callsOf(fetchMock).filter((c) => c.method === 'PUT');
    expect(puts).toEqual([
      expect.objectContaining({ url: '/api/admin/users_new/2/role', body: { role: 'admin' } }),
      expect.objectContaining({ url: '/api/admin/users_new/2/block', body: { blocked: true } }),
    ]);
  });

  it("gives and takes the staff role ('Punonjës', issue 28): the badge and the message follow", async () => {
    setSession('t', { id: 1, name: 'Admin', email: 'admin@example.com', role: 'admin' });
    let list = [user(1, 'Admin', 'admin'), user(4, 'Dren', 'user')];
    const fetchMock = mockApi((url, init) => {
      if (init.method === 'PUT' && url.endsWith('/role')) {
        list = [list[0]!, { ...list[1]!, role: (init.json as { role: AdminUser['role'] }).role }];
        return { body: list[1] };
      }
      return { body: page(list) };
    });
    renderAdmin(<UsersAdmin />);
    const dren = async () => (await screen.findByTitle('dren@example.com')).closest('tr')!;
    await userEvent.click(within(await dren()).getByRole('button', { name: 'Bëje punonjës: Dren' }));
    expect(await screen.findByText('Dren është tani punonjës.')).toBeInTheDocument();
    await waitFor(async () => expect(within(await dren()).getByText('Punonjës')).toBeInTheDocument());
    await userEvent.click(within(await dren()).getByRole('button', { name: 'Hiq rolin punonjës: Dren' }));
    await waitFor(async () => expect(within(await dren()).getByText('Klient')).toBeInTheDocument());
    // An admin's row offers no staff button: 'Hiq adminin' comes first.
    const own = (await screen.findByTitle('admin@example.com')).closest('tr')!;
    expect(within(own).queryByRole('button', { name: /punonjës/ })).toBeNull();
    expect(
      callsOf(fetchMock)
        .filter((c) => c.method === 'PUT')
        .map((c) => c.body),
    ).toEqual([{ role: 'staff' }, { role: 'user' }]);
  });

  it('deletes only after confirmation, and a refusal from the server is shown with the list intact', async () => {
    const fetchMock = mockApi((_url, init) =>
      init.method === 'DELETE'
        ? { status: 409, body: { msg: 'Dyqani duhet të ketë të paktën një administrator aktiv.' } }
        : { body: page([user(3, 'Besa', 'admin')]) },
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderAdmin(<UsersAdmin />);
    const row = (await screen.findByTitle('besa@example.com')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Fshi Besa' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('A je i sigurt që do ta fshish këtë përdorues?'));
    expect(callsOf(fetchMock).some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(row).getByRole('button', { name: 'Fshi Besa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dyqani duhet të ketë të paktën një administrator aktiv.');
    expect(screen.getByTitle('besa@example.com')).toBeInTheDocument();
  });

  it('asks the server for a search, a sort and a page, keeping each in the address', async () => {
    const many = Array.from({ length: 20 }, (_, i) => user(100 + i, `Klient${i}`, 'user'));
    const fetchMock = mockApi((url) => {
      const q = new URL(url, 'http://x').searchParams;
      if (q.get('q') === 'arta') return { body: page([user(2, 'Arta', 'user')]) };
      return { body: page(q.get('page') === '2' ? [user(200, 'Zana', 'user')] : many, 21, Number(q.get('page') ?? 1)) };
    });
    renderAdmin(<UsersAdmin />);
    expect(await screen.findByTitle('klient0@example.com')).toBeInTheDocument();
    expect(screen.getByText('21 llogari')).toHaveAttribute('role', 'status');
    await userEvent.click(screen.getByRole('button', { name: 'Faqja tjetër' }));
    expect(await screen.findByTitle('zana@example.com')).toBeInTheDocument();
    expect(screen.getByText('Faqja 2 nga 2')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: listsMsg.sortLabel }), 'email');
    await userEvent.type(screen.getByRole('searchbox', { name: listsMsg.usersSearchLabel }), 'arta{Enter}');
    expect(await screen.findByTitle('arta@example.com')).toBeInTheDocument();
    const urls = callsOf(fetchMock).map((c) => c.url);
    expect(urls).toEqual([
      '/api/admin/users_new/search',
      '/api/admin/users_new/search?page=2',
      '/api/admin/users_new/search?sort=email&dir=asc',
      '/api/admin/users_new/search?q=arta&sort=email&dir=asc',
    ]);
  });

  it("issue 24 finding 2: 'Hiq 2FA' clears another admin's two-factor with the own current password", async () => {
    setSession('t', { id: 1, name: 'Admin', email: 'admin@example.com', role: 'admin' });
    let list = [user(1, 'Admin', 'admin', false, true), user(2, 'Besa', 'admin', false, true), user(3, 'Arta', 'user')];
    const fetchMock = mockApi((url, init) => {
      if (url.endsWith('/two-factor/clear')) {
        if ((init.json as { password: string }).password !== 'Ylberi-Prishtina-2026!')
          return { status: 400, body: { msg: 'Fjalëkalimi është i gabuar.' } };
        list = [list[0]!, { ...list[1]!, twoFactorEnabled: false }, list[2]!];
        return { body: { msg: 'Verifikimi në dy hapa i këtij përdoruesi u hoq.' } };
      }
      return { body: page(list) };
    });
    renderAdmin(<UsersAdmin />);
    const own = (await screen.findByTitle('admin@example.com')).closest('tr')!;
    expect(within(own).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hiq verifikimin në dy hapa: Arta' })).toBeNull();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Hiq verifikimin në dy hapa: Besa' }));
    const form = screen.getByRole('region', { name: 'Hiq verifikimin në dy hapa të Besa' });
    const password = within(form).getByLabelText('Fjalëkalimi aktual');
    expect(password).toHaveFocus();
    await u.keyboard('gabim{Enter}');
    expect(await screen.findByText('Fjalëkalimi është i gabuar.')).toBeInTheDocument();
    await u.clear(password);
    await u.type(password, 'Ylberi-Prishtina-2026!{Enter}');
    expect(await screen.findByText(/Verifikimi në dy hapa i këtij përdoruesi u hoq\. \(besa@example\.com\)/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Hiq verifikimin në dy hapa të Besa' })).toBeNull());
    const clears = callsOf(fetchMock).filter((c) => c.url.endsWith('/two-factor/clear'));
    expect(clears.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/admin/users_new/2/two-factor/clear', { password: 'gabim' }],
      ['POST', '/api/admin/users_new/2/two-factor/clear', { password: 'Ylberi-Prishtina-2026!' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Hiq verifikimin në dy hapa: Besa' })).toBeNull());
  });
});
