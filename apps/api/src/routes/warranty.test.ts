import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';
import { completeWarrantySheet } from '../test/admin-helpers';
import { warrantySheets } from '../db/schema';
import { todayInShop } from '@shop/shared/domain/time';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let blockedAdmin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  customer = await createUser(t, { role: 'user' });
  blockedAdmin = await createUser(t, { role: 'admin', blocked: true });
});
afterAll(async () => {
  await t?.close();
});

const complete = completeWarrantySheet;

const post = (payload: unknown, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'POST', url: '/api/admin/warranty', headers, payload: payload as object });

describe('who may call /api/admin/warranty*', () => {
  const calls = [
    { method: 'GET' as const, url: '/api/admin/warranty/provemua' },
    { method: 'GET' as const, url: '/api/admin/warranty' },
    { method: 'POST' as const, url: '/api/admin/warranty', payload: { ...complete, status: 'printed' } },
    { method: 'PUT' as const, url: '/api/admin/warranty/1', payload: { ...complete, status: 'printed' } },
    { method: 'DELETE' as const, url: '/api/admin/warranty/1' },
  ];

  it.each(calls)('$method $url: 401 without a token, 401 with a forged one, 403 for a customer or a blocked admin', async (call) => {
    const before = await countRows(t, 'warranty_sheets');
    const none = await t.app.inject(call);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ msg: 'Duhet të kyçeni për këtë veprim.' });
    const forged = await t.app.inject({ ...call, headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().msg).toBe('Sesioni nuk është i vlefshëm ose ka skaduar. Kyçuni përsëri.');
    const user = await t.app.inject({ ...call, headers: customer.auth });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ msg: 'Nuk keni autorizim për këtë veprim.' });
    const blocked = await t.app.inject({ ...call, headers: blockedAdmin.auth });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().msg).toBe('Llogaria juaj është bllokuar. Kontaktoni dyqanin.');
    expect(await countRows(t, 'warranty_sheets')).toBe(before);
  });

  it('refuses a bad body without a token with 401, not with a validation message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/warranty', payload: { status: 'nope' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('health check', () => {
  it('answers { msg } for an admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/warranty/provemua', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Backend-i i garancionit është online.' });
  });
});

describe('saving sheets', () => {
  it('stores a printed sheet with the server date and answers it with its id', async () => {
    const res = await post({ ...complete, status: 'printed', data: '1999-01-01', id: 999 });
    expect(res.statusCode).toBe(201);
    const sheet = res.json();
    expect(sheet).toMatchObject({ ...complete, status: 'printed', data: todayInShop() });
    expect(sheet.id).toBeGreaterThan(0);
    expect(sheet.id).not.toBe(999);
    const [row] = await t.db.select().from(warrantySheets).where(eq(warrantySheets.id, sheet.id));
    expect(row).toMatchObject({ cmimiCents: 8950, createdBy: admin.user.id, status: 'printed' });
  });

  it('stores an incomplete draft, with defaults for what is missing', async () => {
    const res = await post({ status: 'draft', emri: '  Blerim ', imei: '1234' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      emri: 'Blerim',
      mbiemri: '',
      imei: '1234',
      cmimi: null,
      llojiPageses: 'Cash',
      status: 'draft',
      data: todayInShop(),
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no emri', { emri: '' }, 'Shkruani emrin.'],
    ['no mbiemri', { mbiemri: ' ' }, 'Shkruani mbiemrin.'],
    ['a 7-digit phone and a bad email', { telefoni: '0441234', email: 'arta@' }, 'Vendosni nje numer telefoni ose nje email te vlefshem.'],
    ['a model of another brand', { modeli: 'Galaxy S24' }, 'Zgjidhni pajisjen dhe modelin.'],
    ['an IMEI of 15 digits', { imei: '356938101234567' }, 'IMEI duhet te jete saktësisht 14 shifra.'],
    ['an IMEI with a letter', { imei: '3569381012345X' }, 'IMEI duhet te jete saktësisht 14 shifra.'],
    ['no software', { softInfo: '' }, 'Zgjidhni versionin e softuerit.'],
    ['no duration', { kohezgjatja: '' }, 'Zgjidhni kohezgjatjen e garancionit.'],
    ['no price', { cmimi: null }, 'Shkruani cmimin.'],
    ['no emri and a bad IMEI: the first rule', { emri: '', imei: '1' }, 'Shkruani emrin.'],
  ])('refuses a printed sheet the form would refuse: %s', async (_name, change, message) => {
    const before = await countRows(t, 'warranty_sheets');
    const res = await post({ ...complete, ...change, status: 'printed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
    expect(await countRows(t, 'warranty_sheets')).toBe(before);
  });

  it.each<[string, Record<string, unknown>]>([
    ['a malformed email', { email: 'jo-email' }],
    ['a malformed email beside a good phone', { email: 'jo-email', telefoni: '044 123 456' }],
    ['a phone of 7 digits', { telefoni: '044 123 4' }],
    ['a phone with letters', { telefoni: 'telefononi pas 5' }],
  ])('refuses a draft with %s, and stores nothing', async (_name, change) => {
    const before = await countRows(t, 'warranty_sheets');
    const res = await post({ status: 'draft', emri: 'Drita', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Vendosni nje numer telefoni ose nje email te vlefshem.' });
    expect(await countRows(t, 'warranty_sheets')).toBe(before);
  });

  it('refuses to complete a draft with a malformed email, and keeps the draft as it was', async () => {
    const draft = (await post({ status: 'draft', emri: 'Drita', email: 'drita@example.com' })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/warranty/${draft.id}`,
      headers: admin.auth,
      payload: { status: 'draft', emri: 'Drita', email: 'jo-email' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Vendosni nje numer telefoni ose nje email te vlefshem.' });
    const [row] = await t.db.select().from(warrantySheets).where(eq(warrantySheets.id, draft.id));
    expect(row?.email).toBe('drita@example.com');
  });

  it("answers a printed sheet with an empty price with the form's message, and stores nothing", async () => {
    const before = await countRows(t, 'warranty_sheets');
    const res = await post({ ...complete, cmimi: '', status: 'printed' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Shkruani cmimin.' });
    // With an earlier rule failing too, the earlier rule's message comes first, as in the form.
    const both = await post({ ...complete, emri: '', cmimi: '', status: 'printed' });
    expect(both.json()).toEqual({ msg: 'Shkruani emrin.' });
    expect(await countRows(t, 'warranty_sheets')).toBe(before);
  });

  it('stores a draft whose price is empty as a draft without a price', async () => {
    const res = await post({ status: 'draft', emri: 'Drita', cmimi: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ emri: 'Drita', cmimi: null, status: 'draft' });
  });

  it('accepts a printed sheet with a bad email but a good phone', async () => {
    const res = await post({ ...complete, email: 'jo-email', status: 'printed' });
    expect(res.statusCode).toBe(201);
  });

  it.each<[string, unknown, RegExp | string]>([
    ['no status', { ...complete }, /status/],
    ['an unknown status', { ...complete, status: 'archived' }, /status/],
    ['a number for a name', { ...complete, emri: 42, status: 'draft' }, /emri/],
    ['a price as text', { ...complete, cmimi: '12', status: 'draft' }, 'Shkruani cmimin.'],
    ['a price that is neither a number nor text', { ...complete, cmimi: true, status: 'draft' }, /cmimi/],
    ['an unknown payment type', { ...complete, llojiPageses: 'Bitcoin', status: 'draft' }, /llojiPageses/],
    ['a name too long', { ...complete, emri: 'x'.repeat(101), status: 'draft' }, /emri/],
    ['letters in a draft IMEI', { status: 'draft', imei: 'abc' }, 'IMEI duhet te jete saktësisht 14 shifra.'],
    ['a draft with a model of no brand', { status: 'draft', modeli: 'iPhone 15' }, 'Zgjidhni pajisjen dhe modelin.'],
    ['a negative price in a draft', { status: 'draft', cmimi: -3 }, 'Shkruani cmimin.'],
    ['an array', [complete], /objekt|kërkesa/],
  ])('refuses a malformed body: %s', async (_name, payload, message) => {
    const before = await countRows(t, 'warranty_sheets');
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    if (typeof message === 'string') expect(res.json().msg).toBe(message);
    else expect(res.json().msg).toMatch(message);
    expect(await countRows(t, 'warranty_sheets')).toBe(before);
  });

  it('refuses broken JSON and a body that is not JSON', async () => {
    const before = await countRows(t, 'warranty_sheets');
    const broken = await post('{"emri":', { ...admin.auth, 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ msg: 'Trupi i kërkesës nuk është JSON i vlefshëm.' });
    const text = await post('emri=Arta', { ...admin.auth, 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(text.json().msg).toMatch(/objekt|kërkesa/);
    expect(await countRows(t, 'warranty_sheets')).toBe(before);
  });
});

describe('listing, completing and deleting', () => {
  it('lists every sheet, newest first', async () => {
    const a = (await post({ status: 'draft', emri: 'I pari' })).json();
    const b = (await post({ status: 'draft', emri: 'I dyti' })).json();
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/warranty', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number }[];
    expect(list).toHaveLength(await countRows(t, 'warranty_sheets'));
    expect(list.findIndex((s) => s.id === b.id)).toBeLessThan(list.findIndex((s) => s.id === a.id));
    expect(list[0]!.id).toBe(b.id);
  });

  it('completes a draft and prints it; a printed sheet is then final', async () => {
    const draft = (await post({ status: 'draft', emri: 'Dita', marka: 'Xiaomi' })).json();
    const url = `/api/admin/warranty/${draft.id}`;
    const incomplete = await t.app.inject({ method: 'PUT', url, headers: admin.auth, payload: { status: 'printed', emri: 'Dita' } });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().msg).toBe('Shkruani mbiemrin.');
    const body = {
      ...complete,
      emri: 'Dita',
      marka: 'Xiaomi',
      modeli: 'Redmi Note 13',
      softInfo: 'HyperOS 1',
      status: 'printed',
    };
    const printed = await t.app.inject({ method: 'PUT', url, headers: admin.auth, payload: body });
    expect(printed.statusCode).toBe(200);
    expect(printed.json()).toMatchObject({ id: draft.id, modeli: 'Redmi Note 13', status: 'printed', data: todayInShop() });
    const again = await t.app.inject({ method: 'PUT', url, headers: admin.auth, payload: { ...body, emri: 'Tjetër' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: 'Një garancion i printuar nuk mund të ndryshohet.' });
    const [row] = await t.db.select().from(warrantySheets).where(eq(warrantySheets.id, draft.id));
    expect(row?.emri).toBe('Dita');
  });

  it('answers 404 for a sheet that does not exist, and 400 for an id that is not one', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/warranty/999999',
      headers: admin.auth,
      payload: { status: 'draft' },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ msg: 'Garancioni nuk u gjet.' });
    const del = await t.app.inject({ method: 'DELETE', url: '/api/admin/warranty/999999', headers: admin.auth });
    expect(del.statusCode).toBe(404);
    for (const id of ['abc', '1.5', '0', '-2', '99999999999']) {
      const bad = await t.app.inject({ method: 'DELETE', url: `/api/admin/warranty/${id}`, headers: admin.auth });
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().msg).toMatch(/id/);
    }
  });

  it('takes only digits as a sheet id: "0x..", "..e0" or " .." delete nothing', async () => {
    const sheet = (await post({ ...complete, status: 'draft' })).json() as { id: number };
    const before = await countRows(t, 'warranty_sheets');
    for (const id of [`0x${sheet.id.toString(16)}`, `${sheet.id}e0`, `%20${sheet.id}`, `${sheet.id}.0`]) {
      const bad = await t.app.inject({ method: 'DELETE', url: `/api/admin/warranty/${id}`, headers: admin.auth });
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().msg).toMatch(/id/);
    }
    expect(await countRows(t, 'warranty_sheets')).toBe(before);
  });

  it('deletes a sheet', async () => {
    const sheet = (await post({ ...complete, status: 'printed' })).json();
    const before = await countRows(t, 'warranty_sheets');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/warranty/${sheet.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Garancioni u fshi.' });
    expect(await countRows(t, 'warranty_sheets')).toBe(before - 1);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/warranty', headers: admin.auth })).json() as { id: number }[];
    expect(list.some((s) => s.id === sheet.id)).toBe(false);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/admin/warranty'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/admin/warranty/{id}'])).toEqual(expect.arrayContaining(['put', 'delete']));
    expect(doc.paths['/api/admin/warranty/provemua'].get).toBeDefined();
  });
});
