import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('register, login, profile', () => {
  it('registers a customer, ignoring a smuggled role, and the token opens the profile', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Arta Krasniqi', email: '  Arta@Example.com ', password: 'sekret-123', role: 'admin', isAdmin: true },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ name: 'Arta Krasniqi', email: 'arta@example.com', role: 'user', isAdmin: false });
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${body.token}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({ id: body.user.id, name: 'Arta Krasniqi', email: 'arta@example.com', role: 'user' });
  });

  it('logs in with the right password and refuses a wrong one with one message', async () => {
    const { user, password } = await createUser(t, { email: 'blerim@example.com' });
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'BLERIM@example.com', password } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ id: user.id, role: 'user', isAdmin: false });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'blerim@example.com', password: 'gabim-123' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'askush@example.com', password: 'gabim-123' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refuses a duplicate email in any case and changes nothing', async () => {
    await createUser(t, { email: 'dita@example.com' });
    const before = await countRows(t, 'users');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Dita', email: 'DITA@example.com', password: 'sekret-123' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('Ky email është i regjistruar tashmë.');
    expect(await countRows(t, 'users')).toBe(before);
  });

  it('the admin logs in with role admin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@test.local', password: 'admin-pass-123' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'admin', isAdmin: true });
  });
});
