import { expect, type Page } from '@playwright/test';

/** Fails the test on any console error or uncaught exception on the page. */
export function watchConsole(page: Page): () => void {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return () => expect(errors, 'console errors').toEqual([]);
}

/** Logs in through the API and puts the session into localStorage, as the login screen does. */
export async function loginAs(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem('token', t as string);
      localStorage.setItem('user', u as string);
    },
    [token, JSON.stringify(user)],
  );
  return { token, user };
}

export const admin = () => ({ email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! });

/**
 * An admin of its own (registered, then promoted by the e2e admin through the admin users API), so
 * a spec can change it, or find what it did among what the other specs' admins do at the same time.
 */
export async function newAdmin(page: Page, name = 'Admin i Ri') {
  const email = `admin.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = 'Ylberi-Prishtina-2026!';
  const reg = await page.request.post('/api/auth/register', { data: { name, email, password } });
  expect(reg.status(), await reg.text()).toBe(201);
  const { user } = (await reg.json()) as { user: { id: number } };
  const lead = await page.request.post('/api/auth/login', { data: admin() });
  const { token } = (await lead.json()) as { token: string };
  const promote = await page.request.put(`/api/admin/users_new/${user.id}/role`, {
    data: { role: 'admin' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(promote.status(), await promote.text()).toBe(200);
  return { id: user.id, email, password };
}
