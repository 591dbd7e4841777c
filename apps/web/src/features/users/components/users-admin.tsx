import { useId, useState, type FormEvent } from 'react';
import { roleLabels } from '@shop/shared/domain/accounts';
import { adminMsg } from '@shop/shared/messages-admin';
import { twoFactorText } from '@shop/shared/messages-two-factor';
import type { AdminUser } from '@shop/shared/schemas/admin';
import { useSession } from '../../../lib/session';
import { listSorts } from '@shop/shared/domain/admin-lists';
import { listsMsg } from '@shop/shared/messages-lists';
import { useClearTwoFactor, useDeleteUser, useSetBlocked, useSetRole } from '../api/admin-users';
import { useAdminUserPage, type ListFilters } from '../../../lib/admin-list-queries';
import { Pager } from '../../../components/ui/pager';
import { CsvExport } from '../../../components/ui/csv-export';
import { ListControls } from '../../../components/ui/list-controls';
import { readListQuery, useListParams } from '../../../lib/use-list-params';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { ActionMessage } from '../../../components/admin/action-message';
import { QueryState } from '../../../components/ui/query-state';
import { adminQueryStates } from '../../../components/admin/error-text';
import { AdminTable, DeleteButton, RowActions } from '../../../components/admin/admin-table';
import { EmailAddress } from '../../../components/ui/email-address';

type UserFilters = ListFilters<(typeof listSorts.users)[number]>;

/**
 * Clearing another admin's two-factor (decision 025): asks the acting admin's own current
 * password, says what happens, and sends it; Escape or 'Anulo' closes it.
 */
function ClearTwoFactorForm({
  user,
  busy,
  onClear,
  onCancel,
}: {
  user: AdminUser;
  busy: boolean;
  onClear: (password: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!busy && password) onClear(password);
  };
  return (
    <section className="card admin-clear-2fa" aria-labelledby={`${id}-title`} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <h2 id={`${id}-title`}>{twoFactorText.clearTitle(user.name)}</h2>
      <p className="muted">{twoFactorText.clearIntro}</p>
      <form className="form" onSubmit={submit} aria-busy={busy}>
        <div className="field">
          <label htmlFor={`${id}-password`}>{twoFactorText.currentPassword}</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            required
            // The form opens on a click of its own button: the password is what comes next.
            autoFocus
            value={password}
            onInvalid={(e) =>
              e.currentTarget.setCustomValidity(e.currentTarget.validity.valueMissing ? twoFactorText.currentPasswordRequired : '')
            }
            onInput={(e) => e.currentTarget.setCustomValidity('')}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="two-factor-actions">
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {twoFactorText.clearButton}
          </button>
          <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
            {twoFactorText.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
const readFilters = (params: URLSearchParams): UserFilters => readListQuery(params, listSorts.users);

/**
 * product.md §2.9 users: the list with delete (confirmed), role toggle and block toggle, each
 * showing the state; searched, sorted and paged on the server, all in the address (decision 021).
 */
export function UsersAdmin() {
  const { filters, update } = useListParams<UserFilters, 'q' | 'sort' | 'dir'>(readFilters);
  const users = useAdminUserPage(filters);
  const list = users.data?.items;
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;
  const setRole = useSetRole();
  const setBlocked = useSetBlocked();
  const remove = useDeleteUser();
  const clearTwoFactor = useClearTwoFactor();
  const [clearing, setClearing] = useState<AdminUser | null>(null);
  const note = useActionMessage();
  const { user: me } = useSession();
  const busy = setRole.isPending || setBlocked.isPending || remove.isPending || clearTwoFactor.isPending;

  const clear = (u: AdminUser, password: string) => {
    note.clear();
    clearTwoFactor.mutate(
      { id: u.id, password },
      {
        onSuccess: (r) => {
          setClearing(null);
          note.success(`${r.msg} (${u.email})`);
        },
        onError: (err) => note.failure(err),
      },
    );
  };

  const toggleRole = (u: AdminUser) => {
    note.clear();
    const role = u.role === 'admin' ? 'user' : 'admin';
    setRole.mutate(
      { id: u.id, role },
      {
        onSuccess: (r) => note.success(r.role === 'admin' ? `${r.name} është tani administrator.` : `${r.name} është tani klient.`),
        onError: (err) => note.failure(err),
      },
    );
  };

  // 'Punonjës' (decision 041): a customer becomes staff and back; the owner's own toggle stays above.
  const toggleStaff = (u: AdminUser) => {
    note.clear();
    const role = u.role === 'staff' ? 'user' : 'staff';
    setRole.mutate(
      { id: u.id, role },
      {
        onSuccess: (r) => note.success(r.role === 'staff' ? `${r.name} është tani punonjës.` : `${r.name} është tani klient.`),
        onError: (err) => note.failure(err),
      },
    );
  };

  const toggleBlock = (u: AdminUser) => {
    note.clear();
    setBlocked.mutate(
      { id: u.id, blocked: !u.blocked },
      {
        onSuccess: (r) => note.success(r.blocked ? `${r.name} u bllokua.` : `${r.name} u zhbllokua.`),
        onError: (err) => note.failure(err),
      },
    );
  };

  const del = (u: AdminUser) => {
    if (!window.confirm(`${adminMsg.confirmDeleteUser}\n${u.name} (${u.email})`)) return;
    note.clear();
    remove.mutate(u.id, {
      onSuccess: () => note.success(`${adminMsg.userDeleted} (${u.email})`),
      onError: (err) => note.failure(err),
    });
  };

  return (
    <>
      <div className="admin-head">
        <h1 className="page-title">Perdoruesit</h1>
        {users.data && (
          <p className="muted" role="status">
            {listsMsg.usersCount(users.data.total)}
          </p>
        )}
      </div>
      <ActionMessage message={note.message} onDismiss={note.clear} />
      {clearing && (
        <ClearTwoFactorForm
          key={clearing.id}
          user={clearing}
          busy={clearTwoFactor.isPending}
          onClear={(password) => clear(clearing, password)}
          onCancel={() => setClearing(null)}
        />
      )}
      <CsvExport kinds={['customers', 'newsletter']} />
      <ListControls
        id="users"
        searchLabel={listsMsg.usersSearchLabel}
        placeholder={listsMsg.usersSearchPlaceholder}
        q={filters.q}
        onSearch={(q) => update({ q })}
        sorts={listSorts.users}
        sort={filters.sort}
        dir={filters.dir}
        onSort={(sort, dir) => update({ sort, dir })}
      />
      <QueryState {...adminQueryStates} isPending={users.isPending} error={users.error} onRetry={() => void users.refetch()}>
        <div aria-busy={users.isFetching}>
          <AdminTable
            caption="Lista e përdoruesve"
            columns={['Emri', 'Email', 'Roli', 'Statusi', 'Veprime']}
            isEmpty={list?.length === 0}
            emptyText={filters.q ? listsMsg.usersNoMatch : adminMsg.noUsers}
          >
            {list?.map((u) => {
              const self = me?.id === u.id;
              return (
                <tr key={u.id}>
                  <td data-label="Emri">
                    <div>
                      <span className="admin-product-name">{u.name}</span>
                      {self && <span className="admin-sub">(llogaria juaj)</span>}
                    </div>
                  </td>
                  <td data-label="Email" className="admin-email">
                    <EmailAddress email={u.email} />
                  </td>
                  <td data-label="Roli">
                    <span
                      className={
                        u.role === 'admin' ? 'badge-pill badge-admin' : u.role === 'staff' ? 'badge-pill badge-staff' : 'badge-pill'
                      }
                    >
                      {u.role === 'admin' ? 'Admin' : u.role === 'staff' ? roleLabels.staff : 'Klient'}
                    </span>
                    {u.twoFactorEnabled && (
                      <span className="badge-pill badge-active" title={twoFactorText.title}>
                        {twoFactorText.twoFactorBadge}
                      </span>
                    )}
                  </td>
                  <td data-label="Statusi">
                    <span className={u.blocked ? 'badge-pill badge-blocked' : 'badge-pill badge-active'}>
                      {u.blocked ? 'I bllokuar' : 'Aktiv'}
                    </span>
                  </td>
                  <td data-label="Veprime">
                    {self ? (
                      <span className="muted">Nuk mund ta ndryshoni llogarinë tuaj.</span>
                    ) : (
                      <RowActions>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline"
                          onClick={() => toggleRole(u)}
                          disabled={busy}
                          aria-label={u.role === 'admin' ? `Hiq rolin admin: ${u.name}` : `Bëje admin: ${u.name}`}
                        >
                          {u.role === 'admin' ? 'Hiq adminin' : 'Bëje admin'}
                        </button>
                        {u.role !== 'admin' && (
                          <button
                            type="button"
                            className="btn btn-sm btn-outline"
                            onClick={() => toggleStaff(u)}
                            disabled={busy}
                            aria-label={u.role === 'staff' ? `Hiq rolin punonjës: ${u.name}` : `Bëje punonjës: ${u.name}`}
                          >
                            {u.role === 'staff' ? 'Hiq punonjësin' : 'Bëje punonjës'}
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn btn-sm btn-ghost"
                          onClick={() => toggleBlock(u)}
                          disabled={busy}
                          aria-label={u.blocked ? `Zhblloko ${u.name}` : `Blloko ${u.name}`}
                        >
                          {u.blocked ? 'Zhblloko' : 'Blloko'}
                        </button>
                        {u.twoFactorEnabled && (
                          <button
                            type="button"
                            className="btn btn-sm btn-ghost"
                            onClick={() => {
                              note.clear();
                              setClearing(u);
                            }}
                            disabled={busy}
                            aria-label={twoFactorText.clearLabel(u.name)}
                          >
                            {twoFactorText.clearButton}
                          </button>
                        )}
                        <DeleteButton name={u.name} onClick={() => del(u)} disabled={busy} />
                      </RowActions>
                    )}
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        </div>
        {users.data && pages > 1 && (
          <Pager label={listsMsg.usersPager} page={filters.page} pages={pages} onPage={(n) => update({ page: String(n) })} />
        )}
      </QueryState>
    </>
  );
}
