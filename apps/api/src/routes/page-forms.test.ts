import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@shop/shared/messages';
import { SIGN_IN_HANDOFF_COOKIE } from '@shop/shared/domain/accounts';
import { authMessages } from '@shop/shared/schemas/auth';
import { repairMessages } from '@shop/shared/messages-repairs';
import type { RepairDetail } from '@shop/shared/schemas/repairs';
import { createTestApp, createUser, type TestApp } from '../test/harness';
import { completeRepairIntake } from '../test/admin-helpers';

/**
 * Issue 26: the login and repair tracking forms work without JavaScript (routes/page-forms.ts),
 * answered with their page rendered on the server, and an unknown address is a redirect to '/'
 * (plugins/web.ts). The web build's renderer is a stand-in that writes the form's answer into the
 * page (the real one is tested in the browser suite, e2e/no-script.spec.ts).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-forms-'));
const root = path.join(dir, 'dist');
const origin = 'https://shop.example';
let t: TestApp;

beforeAll(async () => {
  fs.mkdirSync(path.join(root, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'dist-ssr'));
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html lang="sq"><head><title>Dyqani</title></head><body><div id="root"><!--/app--></div></body></html>',
  );
  fs.writeFileSync(path.join(root, '.vite', 'manifest.json'), '{}');
  fs.writeFileSync(
    path.join(dir, 'dist-ssr', 'entry-server.js'),
    `const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
export async function render(url, { answer }) {
  return {
    html: '<main><h1>Faqja ' + esc(url) + '</h1><pre id="answer">' + esc(JSON.stringify(answer ?? null)) + '</pre></main>',
    state: '{}',
    head: { title: 'Faqja | MobileShop KS' },
    modules: [],
    preloadImages: [],
  };
}
export function redirect(url) {
  if (url.startsWith('/kjo-faqe-nuk-ekziston')) return { location: '/', status: 302 };
  if (url.startsWith('/services')) return { location: '/sherbimet', status: 301 };
  return null;
}`,
  );
  t = await createTestApp({ WEB_DIST: root, PUBLIC_URL: origin, RATE_LIMIT_AUTH_MAX: 3, RATE_LIMIT_REPAIR_TRACK_MAX: 1000 });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The answer the page was rendered with. */
const answerOf = (html: string): { form: string; data: Record<string, unknown> } | null => {
  const text = /<pre id="answer">([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? 'null';
  return JSON.parse(text.replace(/&lt;/g, '<').replace(/&amp;/g, '&')) as never;
};

const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = { origin }) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

describe('unknown addresses (issue 26)', () => {
  it('redirects a path no page has to / and an alias to its page; a page answers itself', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/kjo-faqe-nuk-ekziston?x=1' });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/');
    const alias = await t.app.inject({ method: 'GET', url: '/services' });
    expect(alias.statusCode).toBe(301);
    expect(alias.headers.location).toBe('/sherbimet');
    const page = await t.app.inject({ method: 'GET', url: '/terms' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Faqja /terms</h1>');
  });
});

describe('POST /login and /kycu without JavaScript (issue 26)', () => {
  it('signs in: a 303 to where the screen leads, with the session handed over in a short cookie', async () => {
    const user = await createUser(t);
    const res = await form('/login', { email: user.user.email.toUpperCase(), password: user.password });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/profile');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${SIGN_IN_HANDOFF_COOKIE}=[A-Za-z0-9%_.!~*'()-]+; Path=/; Max-Age=120; SameSite=Lax; Secure$`));
    const handed = JSON.parse(decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!)) as {
      token: string;
      user: { email: string };
    };
    expect(handed.user.email).toBe(user.user.email);
    // The token is a live session, as the JSON login's.
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${handed.token}` } });
    expect(profile.statusCode).toBe(200);

    const admin = await createUser(t, { role: 'admin' });
    const kycu = await form('/kycu', { email: admin.user.email, password: admin.password });
    expect(kycu.headers.location).toBe('/');
    const login = await form('/login', { email: admin.user.email, password: admin.password });
    expect(login.headers.location).toBe('/warranty');
  });

  it('answers a wrong password with the page, the e-mail and the same error as the JSON login', async () => {
    const user = await createUser(t);
    const res = await form('/kycu', { email: user.user.email, password: 'gabim-gabim' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toContain('<h1>Faqja /kycu</h1>');
    expect(answerOf(res.body)).toEqual({ form: 'login', data: { email: user.user.email, error: authMessages.invalidCredentials } });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: 'gabim-gabim' },
    });
    expect(json.json()).toEqual({ msg: authMessages.invalidCredentials });

    const empty = await form('/login', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(answerOf(empty.body)?.data.error).toBe(authMessages.emailRequired);
  });

  it('refuses a form another site posts, and one that says nothing of where it comes from', async () => {
    const user = await createUser(t);
    const refused: Record<string, string>[] = [{ origin: 'https://evil.example' }, {}, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of refused) {
      const res = await form('/login', { email: user.user.email, password: user.password }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(answerOf(res.body)?.data.error).toBe(msg.forbidden);
    }
    const sameSite = await form('/login', { email: user.user.email, password: user.password }, { 'sec-fetch-site': 'same-origin' });
    expect(sameSite.statusCode).toBe(303);
  });

  it('takes from the JSON login’s own limits: per account and IP, shared by both ways in', async () => {
    const user = await createUser(t);
    const remote = { remoteAddress: '203.0.113.9' };
    const wrong = { email: user.user.email, password: 'gabim-gabim' };
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: wrong, ...remote });
      expect(res.statusCode).toBe(401);
    }
    const third = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(wrong).toString(),
      ...remote,
    });
    expect(third.statusCode).toBe(401);
    const fourth = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: user.user.email, password: user.password }).toString(),
      ...remote,
    });
    expect(fourth.statusCode).toBe(429);
    expect(answerOf(fourth.body)?.data.error).toBe(authMessages.tooManyAttempts);
    const json = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: wrong, ...remote });
    expect(json.statusCode).toBe(429);
  });
});

describe('the repair tracking page without JavaScript (issue 26)', () => {
  let ticket: RepairDetail;
  beforeAll(async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/repairs', headers: admin.auth, payload: completeRepairIntake });
    expect(res.statusCode, res.body).toBe(201);
    ticket = res.json() as RepairDetail;
    for (const status of ['diagnosing', 'awaiting-approval']) {
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/admin/repairs/${ticket.id}/status`,
        headers: admin.auth,
        payload: { status, customerNote: 'Ekrani kushton 120 €.', ...(status === 'awaiting-approval' ? { estimate: 120 } : {}) },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
  });

  it("renders the QR code's address with the ticket's status, and the form alone without a code", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/servisi/statusi?kodi=${ticket.code}&imei=3456` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = answerOf(res.body)!;
    expect(answer.form).toBe('repair-tracking');
    expect(answer.data).toMatchObject({ code: ticket.code, proof: '3456', tracking: { status: 'awaiting-approval', canAnswer: true } });
    const bare = await t.app.inject({ method: 'GET', url: '/servisi/statusi' });
    expect(bare.statusCode).toBe(200);
    expect(answerOf(bare.body)).toBeNull();
  });

  it('answers the posted form: a bad code, a wrong proof, then the estimate confirmed and approved', async () => {
    const bad = await form('/servisi/statusi', { kodi: 'x', imei: '3456' });
    expect(bad.statusCode).toBe(400);
    expect(answerOf(bad.body)?.data.fieldError).toEqual({ field: 'code', text: repairMessages.trackBadCode });
    const wrong = await form('/servisi/statusi', { kodi: ticket.code, imei: '9999' });
    expect(wrong.statusCode).toBe(404);
    expect(answerOf(wrong.body)?.data.failure).toEqual(expect.any(String));
    expect(answerOf(wrong.body)?.data.tracking).toBeUndefined();

    const ask = await form('/servisi/statusi', { kodi: ticket.code, imei: '3456', pergjigja: 'prano' });
    expect(answerOf(ask.body)?.data).toMatchObject({ confirm: 'approve', tracking: { status: 'awaiting-approval' } });
    const back = await form('/servisi/statusi', { kodi: ticket.code, imei: '3456', pergjigja: 'prano', konfirmo: 'jo' });
    expect(answerOf(back.body)?.data.confirm).toBeUndefined();
    // The approval names the amount the page showed: another amount is refused, nothing changes.
    const stale = await form('/servisi/statusi', { kodi: ticket.code, imei: '3456', pergjigja: 'prano', konfirmo: 'po', shuma: '90' });
    expect(stale.statusCode).toBe(409);
    expect(answerOf(stale.body)?.data.failure).toContain('120');
    const yes = await form('/servisi/statusi', { kodi: ticket.code, imei: '3456', pergjigja: 'prano', konfirmo: 'po', shuma: '120' });
    expect(yes.statusCode).toBe(200);
    expect(answerOf(yes.body)?.data).toMatchObject({
      answered: repairMessages.approved,
      tracking: { status: 'repairing', canAnswer: false },
    });
  });
});
