import fc from 'fast-check';
import { isAuditKind } from '@shop/shared/domain/audit';
import { categories, collections } from '@shop/shared/domain/catalogue';
import { exportKinds } from '@shop/shared/domain/admin-lists';
import { municipalities } from '@shop/shared/domain/kosovo';
import { staffOrderStatuses } from '@shop/shared/domain/orders';
import { imeiCheckDigit } from '@shop/shared/domain/units';
import { paymentTypes, warrantyBrands, warrantyDurations, warrantyModels, warrantySoftware } from '@shop/shared/domain/warranty';
import {
  deepNesting,
  longString,
  notABoolean,
  notANumber,
  notANumberNorNull,
  notAString,
  notOneOf,
  oddString,
  RawJson,
  toJsonText,
} from './values';
import {
  badNumericId,
  decodeSegment,
  defectiveJson,
  encodeSegment,
  FuzzRequest,
  junkQuery,
  oddSegment,
  preview,
  unreadableBody,
  withNul,
  wrapDefective,
  type BodyPart,
  type BodySpec,
  type Expectation,
  type Json,
} from './requests';
import { normaliseTicketCode, repairStatuses } from '@shop/shared/domain/repairs';
import { repairBrands } from '@shop/shared/domain/repair-devices';
import { completeRepairIntake, completeWarrantySheet } from '../admin-helpers';
import { multipartBody, type FilePart } from '../photos';

/** What the generators know about the database they run against (made by the test's setup). */
export interface FuzzContext {
  bodyLimit: number;
  /** Authorization headers: the good ones, and the ones each kind of route must refuse. */
  auth: {
    admin: Record<string, string>;
    customer: Record<string, string>;
    refusedForUser: Record<string, string>[];
    refusedForAdmin: Record<string, string>[];
    /** Headers a public route ignores (bad tokens included). */
    ignoredByPublic: Record<string, string>[];
  };
  adminId: number;
  customerId: number;
  customerEmail: string;
  customerPassword: string;
  blockedEmail: string;
  blockedPassword: string;
  /** Ids that exist, so a defective body is not refused for its URL alone. */
  userIds: number[];
  products: { id: string; price: number }[];
  blogIds: string[];
  pendingOrderId: number;
  /** The link secret of a guest order already cancelled (decision 042): it opens, it cannot be cancelled again. */
  guestToken: string;
  /** The Idempotency-Key of an order the customer placed (of a body no generator makes). */
  usedIdempotencyKey: string;
  deliveredOrderId: number;
  /** The product of the customer's delivered order: the only one the customer may rate (no generator sends a valid review for it). */
  deliveredProductId: string;
  /** A review written by another customer (issue 18). */
  reviewId: number;
  draftSheetId: number;
  printedSheetId: number;
  /** Repair tickets: one just received (its only allowed moves are never sent), one cancelled, one in diagnosis without an estimate. */
  openRepairId: number;
  closedRepairId: number;
  unpricedRepairId: number;
  /** The open ticket's code and the last 4 digits of its IMEI. */
  openRepairCode: string;
  openRepairProof: string;
  /** An id no table holds. */
  missingId: number;
  /** A file that /api/docs/static/* serves. */
  docsFile: string;
  /** Google-like tokens that do not verify (forged, wrong audience, another key, alg none). */
  forgedGoogleTokens: string[];
  /**
   * Photos uploaded to one product (issue 17): its id, the photos' ids in order and their copies'
   * addresses; a good photo and one too small to take, for the upload route's cases.
   */
  photos: { productId: string; ids: number[]; copies: string[]; png: Buffer; tiny: Buffer };
}

export type Auth = 'public' | 'user' | 'admin';

export interface Endpoint {
  auth: Auth;
  /** The answer changes by itself over time (today's date), so `same` compares only the status. */
  volatile?: boolean;
  cases(ctx: FuzzContext): fc.Arbitrary<FuzzRequest>;
}

// --- Shared pieces ---------------------------------------------------------------------------

/** A valid 15-digit IMEI (issue 28): 14 random digits and their Luhn check digit. */
const validImei = fc.stringMatching(/^35[0-9]{12}$/).map((body) => body + imeiCheckDigit(body));
/** IMEIs the rule refuses: a wrong check digit, a wrong length, letters, nothing. */
const badImei = fc.oneof(
  validImei.map((imei) => imei.slice(0, 14) + String((Number(imei[14]) + 1) % 10)),
  fc.stringMatching(/^[0-9]{1,13}$/),
  fc.stringMatching(/^[0-9]{16,30}$/),
  fc.constantFrom('', '   ', '35209900176148A', '3520990017614８1'),
  fc.integer({ min: 1, max: 200 }).map((n) => '1'.repeat(n + 40)),
);
const notAnArrayOfText = fc.oneof(
  notAString.filter((v) => !Array.isArray(v)),
  fc.constant([1, 2]),
  fc.constant([null]),
);
/** Bodies of an order's picked units the schema refuses. */
const badOrderUnits = fc.oneof(
  notAnArrayOfText,
  fc.constantFrom([{}], [{ line: 0, imeis: ['490154203237518'] }], [{ line: 1, imeis: [] }], [{ line: 1.5, imeis: ['490154203237518'] }]),
  fc.tuple(fc.integer({ min: 1, max: 1000 }), badImei).map(([line, imei]) => [{ line, imeis: [imei] }]),
);

const whitespaceOnly = fc.constantFrom('', ' ', '   ', '\t\n', '\u00A0', '\u3000', '\uFEFF', '\u2028', ' \r\n ');

/** Values a string field of at most `max` characters (after trimming) refuses. */
const badText = (max: number, ctx: FuzzContext, opts: { nonEmpty?: boolean } = {}) =>
  fc.oneof(notAString, longString(max + 2, Math.min(max * 4 + 10, ctx.bodyLimit - 2000)), ...(opts.nonEmpty ? [whitespaceOnly] : []));

/** JSON text of a number JavaScript reads as Infinity or as something far too large or negative. */
const rawHuge = fc.constantFrom('1e309', '-1e309', '1.7976931348623157e308', '123456789012345678901234567890').map((t) => new RawJson(t));
const rawNegative = fc.constantFrom('-1e309', '-2147483649', '-1', '-0.01').map((t) => new RawJson(t));

const template = (url: string, param?: string) => (param === undefined ? url : url.replace(/:id$|:id(?=\/)|\*$/, param));

function withQuery(url: string, q: { text: string } | undefined) {
  return q ? `${url}?${q.text}` : url;
}

const authFor = (ctx: FuzzContext, auth: Auth) => {
  if (auth === 'admin') return { good: fc.constant(ctx.auth.admin), refused: fc.constantFrom(...ctx.auth.refusedForAdmin) };
  if (auth === 'user')
    return { good: fc.constantFrom(ctx.auth.customer, ctx.auth.admin), refused: fc.constantFrom(...ctx.auth.refusedForUser) };
  return { good: fc.constantFrom({}, ...ctx.auth.ignoredByPublic), refused: undefined };
};

const json = (body: unknown): BodyPart => ({
  payload: toJsonText(body),
  headers: { 'content-type': 'application/json' },
  why: 'valid body',
});

interface Semantic {
  param?: string;
  body?: unknown;
  headers?: Record<string, string>;
  why: string;
}

/**
 * A route with a JSON body. Every case is a request the route must refuse:
 * defective bodies (with a well-formed URL and a good token, so the validator is reached),
 * unreadable bodies, bad ids with a valid body, valid-looking bodies the handler refuses
 * (`semantic`), and valid requests with a refused token.
 */
function bodyRoute(
  ctx: FuzzContext,
  o: {
    method: string;
    url: string;
    auth: Auth;
    spec: BodySpec;
    /** Well-formed ids of existing records (the URL is fine; only the body is wrong). */
    goodParam?: fc.Arbitrary<string>;
    badParam?: fc.Arbitrary<string>;
    semantic?: fc.Arbitrary<Semantic>;
    emptyIsValid?: boolean;
  },
): fc.Arbitrary<FuzzRequest> {
  const { good, refused } = authFor(ctx, o.auth);
  const param = o.goodParam ?? fc.constant(undefined);
  const query = fc.option(junkQuery(), { nil: undefined, freq: 4 });
  const make = (
    p: string | undefined,
    q: { text: string } | undefined,
    auth: Record<string, string>,
    body: BodyPart | undefined,
    why: string,
  ) => new FuzzRequest(o.method, withQuery(template(o.url, p), q), { ...auth, ...(body?.headers ?? {}) }, body?.payload, 'reject', why);

  const cases: { weight: number; arbitrary: fc.Arbitrary<FuzzRequest> }[] = [
    {
      weight: 10,
      arbitrary: fc
        .tuple(param, query, good, wrapDefective(defectiveJson(o.spec), ctx.bodyLimit))
        .map(([p, q, a, b]) => make(p, q, a, b, b.why)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(param, query, good, unreadableBody(ctx.bodyLimit, { emptyIsValid: o.emptyIsValid }))
        .map(([p, q, a, b]) => make(p, q, a, b, b.why)),
    },
  ];
  if (o.badParam) {
    const bad = o.badParam;
    cases.push({
      weight: 3,
      arbitrary: fc.tuple(bad, query, good, o.spec.valid).map(([p, q, a, b]) => make(p, q, a, json(b), `bad id ${preview(p)}`)),
    });
  }
  if (o.semantic) {
    cases.push({
      weight: 4,
      arbitrary: fc
        .tuple(o.semantic, param, good)
        .map(([s, p, a]) =>
          make(s.param ?? p, undefined, { ...a, ...(s.headers ?? {}) }, s.body === undefined ? undefined : json(s.body), s.why),
        ),
    });
  }
  if (refused) {
    cases.push({
      weight: 3,
      arbitrary: fc
        .tuple(param, refused, o.spec.valid)
        .map(([p, a, b]) => make(p, undefined, a, json(b), `valid body, refused token ${preview(a.authorization ?? 'none')}`)),
    });
  }
  return fc.oneof(...cases);
}

/**
 * A route without a body that changes something (DELETE): bad ids, ids the handler refuses,
 * unreadable bodies on an existing id, and refused tokens.
 */
function deleteRoute(
  ctx: FuzzContext,
  o: {
    url: string;
    auth: Auth;
    goodParam: fc.Arbitrary<string>;
    badParam: fc.Arbitrary<string>;
    semantic: fc.Arbitrary<Semantic>;
    /** A bodiless action on one record other than DELETE (e.g. POST .../retry). */
    method?: 'DELETE' | 'POST';
  },
): fc.Arbitrary<FuzzRequest> {
  const { good, refused } = authFor(ctx, o.auth);
  const query = fc.option(junkQuery(), { nil: undefined, freq: 4 });
  const make = (p: string, q: { text: string } | undefined, auth: Record<string, string>, body: BodyPart | undefined, why: string) =>
    new FuzzRequest(
      o.method ?? 'DELETE',
      withQuery(template(o.url, p), q),
      { ...auth, ...(body?.headers ?? {}) },
      body?.payload,
      'reject',
      why,
    );
  const anyJsonBody = fc.option(
    fc.jsonValue({ maxDepth: 2 }).map((v) => json(v)),
    { nil: undefined },
  );
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(o.badParam, query, good, anyJsonBody).map(([p, q, a, b]) => make(p, q, a, b, `bad id ${preview(p)}`)),
    },
    { weight: 3, arbitrary: fc.tuple(o.semantic, query, good, anyJsonBody).map(([s, q, a, b]) => make(s.param!, q, a, b, s.why)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(o.goodParam, good, unreadableBody(ctx.bodyLimit, { emptyIsValid: true }))
        .map(([p, a, b]) => make(p, undefined, a, b, `existing id, ${b.why}`)),
    },
    ...(refused
      ? [
          {
            weight: 2,
            arbitrary: fc
              .tuple(o.goodParam, refused)
              .map(([p, a]) => make(p, undefined, a, undefined, `refused token ${preview(a.authorization ?? 'none')}`)),
          },
        ]
      : []),
  );
}

/**
 * A GET route: junk the route does not read (query keys, a body, odd headers) must not change its
 * answer; bad ids, bad query values and refused tokens must be refused.
 */
function readRoute(
  ctx: FuzzContext,
  o: {
    url: string;
    auth: Auth;
    goodParam?: fc.Arbitrary<string>;
    badParam?: fc.Arbitrary<string>;
    /** Query parameters the route reads, and values it must refuse. */
    query?: { keys: string[]; bad: fc.Arbitrary<string> };
  },
): fc.Arbitrary<FuzzRequest> {
  const { good, refused } = authFor(ctx, o.auth);
  const param = o.goodParam ?? fc.constant(undefined);
  const getBody = fc.option(
    fc.oneof(
      fc.jsonValue({ maxDepth: 2 }).map((v) => json(v)),
      fc
        .constantFrom('{', 'not json', '\u0000')
        .map((t) => ({ payload: t, headers: { 'content-type': 'application/json' }, why: 'broken GET body' })),
      fc.constant({ payload: 'a=1', headers: { 'content-type': 'text/plain' }, why: 'text GET body' }),
    ),
    { nil: undefined },
  );
  const junkHeaders = fc.dictionary(
    fc.constantFrom('x-junk', 'x-forwarded-for', 'x-real-ip', 'x-http-method-override', 'accept-language', 'origin', 'referer'),
    fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    { maxKeys: 3 },
  );
  const cases: { weight: number; arbitrary: fc.Arbitrary<FuzzRequest> }[] = [
    {
      weight: 6,
      arbitrary: fc.tuple(param, junkQuery(o.query?.keys ?? []), good, getBody, junkHeaders).map(([p, q, a, b, h]) => {
        const clean = template(o.url, p);
        const expect: Expectation = q.broken ? 'reject-or-same' : 'same';
        return new FuzzRequest(
          'GET',
          `${clean}?${q.text}`,
          { ...h, ...a, ...(b?.headers ?? {}) },
          b?.payload,
          expect,
          `junk query${b ? `, ${b.why}` : ''}`,
        ).withClean(clean, a);
      }),
    },
  ];
  if (o.badParam) {
    const bad = o.badParam;
    cases.push({
      weight: 5,
      arbitrary: fc
        .tuple(bad, fc.option(junkQuery(o.query?.keys ?? []), { nil: undefined }), good)
        .map(([p, q, a]) => new FuzzRequest('GET', withQuery(template(o.url, p), q), a, undefined, 'reject', `bad id ${preview(p)}`)),
    });
  }
  if (o.query) {
    const { keys, bad } = o.query;
    cases.push({
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...keys), bad, fc.option(junkQuery(keys), { nil: undefined }), good, param)
        .map(
          ([k, v, q, a, p]) =>
            new FuzzRequest('GET', `${template(o.url, p)}?${k}=${v}${q ? `&${q.text}` : ''}`, a, undefined, 'reject', `${k}=${preview(v)}`),
        ),
    });
  }
  if (refused) {
    cases.push({
      weight: 3,
      arbitrary: fc
        .tuple(param, refused, fc.option(junkQuery(), { nil: undefined }))
        .map(
          ([p, a, q]) =>
            new FuzzRequest(
              'GET',
              withQuery(template(o.url, p), q),
              a,
              undefined,
              'reject',
              `refused token ${preview(a.authorization ?? 'none')}`,
            ),
        ),
    });
  }
  return fc.oneof(...cases);
}

/**
 * A POST route without a body that acts on the signed-in user (logout, logout-all, resend the
 * verification mail): with a good token it would act, so the cases are refused tokens (with or
 * without a body) and unreadable bodies, which are refused before the handler runs.
 */
function sessionActionRoute(ctx: FuzzContext, o: { url: string }): fc.Arbitrary<FuzzRequest> {
  const { good, refused } = authFor(ctx, 'user');
  const anyJsonBody = fc.option(
    fc.jsonValue({ maxDepth: 2 }).map((v) => json(v)),
    { nil: undefined },
  );
  const make = (auth: Record<string, string>, body: BodyPart | undefined, why: string) =>
    new FuzzRequest('POST', o.url, { ...auth, ...(body?.headers ?? {}) }, body?.payload, 'reject', why);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.tuple(refused!, anyJsonBody).map(([a, b]) => make(a, b, `refused token ${preview(a.authorization ?? 'none')}`)),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(good, unreadableBody(ctx.bodyLimit, { emptyIsValid: true })).map(([a, b]) => make(a, b, b.why)),
    },
  );
}

/**
 * Logout never fails for the token: a refused one (forged, expired, of an ended session) gets the
 * same 200 as no token at all, since its session is not alive; an unreadable body is refused.
 */
function logoutRoute(ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const url = '/api/auth/logout';
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(...ctx.auth.refusedForUser)
        .map((a) =>
          new FuzzRequest('POST', url, a, undefined, 'same', `refused token ${preview(a.authorization ?? 'none')}`).withClean(url, {}),
        ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(ctx.auth.customer, ctx.auth.admin), unreadableBody(ctx.bodyLimit, { emptyIsValid: true }))
        .map(([a, b]) => new FuzzRequest('POST', url, { ...a, ...(b.headers ?? {}) }, b.payload, 'reject', b.why)),
    },
  );
}

/** A link token of the right shape that no mail ever carried. */
const unknownLinkToken = fc
  .oneof(
    fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('base64url')),
    fc.string({ unit: 'grapheme-ascii', minLength: 16, maxLength: 200 }).filter((s) => s.trim().length >= 16),
    oddString.map((s) => s.slice(0, 200)).filter((s) => s.trim().length >= 16),
  )
  .map((token) => ({ token, why: `unknown link token ${preview(token)}` }));

/** Values a link token field refuses (shorter than 16 or longer than 200 after trimming, or not text). */
const badLinkToken = fc.oneof(notAString, whitespaceOnly, fc.string({ maxLength: 15 }), longString(201, 900));

// --- Ids -------------------------------------------------------------------------------------

/** A numeric-id route's bad ids, and ids of a well-formed shape that do not exist. */
const numericIds = (ctx: FuzzContext) => ({
  bad: badNumericId,
  missing: fc.constantFrom(ctx.missingId, 2_147_483_647, 999_999).map(String),
});

/** Path segments that are not (after decoding, trimming and lower-casing) one of `existing`. */
function notAnId(existing: readonly string[]): fc.Arbitrary<string> {
  const known = new Set(existing.map((e) => e.toLowerCase()));
  const near = fc
    .tuple(fc.constantFrom(...existing), fc.constantFrom('-x', '%00', '-%ED%A0%80', '%20x', '.', '%2F..', '-2'))
    .map(([id, s]) => `${id}${s}`);
  return fc.oneof(oddSegment, near).filter((seg) => {
    const decoded = decodeSegment(seg);
    return decoded === null || !known.has(decoded.trim().toLowerCase());
  });
}

// --- Bodies ----------------------------------------------------------------------------------

const emailWithoutAt = oddString.filter((s) => !s.includes('@'));
const notAnEmail = (max: number) =>
  fc.oneof(
    notAString,
    whitespaceOnly,
    emailWithoutAt,
    fc.constantFrom('a@b@c.com', '@', 'a b@c.de', 'a@b c.de'),
    longString(max + 2, max * 3),
  );

function registerSpec(ctx: FuzzContext): BodySpec {
  return {
    valid: fc.record(
      {
        name: fc.constantFrom('Arta Krasniqi', 'Ëndrit Çela'),
        email: fc.integer({ min: 1, max: 1e6 }).map((n) => `fuzz-${n}@example.com`),
        password: fc.constant('Ylberi-Prishtina-2026!'),
        phone: fc.constantFrom('+383 44 123 456', '044-123-456', ''),
      },
      { requiredKeys: ['name', 'email', 'password'] },
    ),
    invalid: {
      name: badText(100, ctx, { nonEmpty: true }),
      email: notAnEmail(254),
      password: fc.oneof(notAString, fc.constant(''), fc.string({ minLength: 1, maxLength: 7 }), longString(201, 600)),
      phone: fc.oneof(
        notAString,
        oddString.map((s) => `${s}abc`),
        longString(32, 200),
      ),
    },
    required: ['name', 'email', 'password'],
  };
}

function loginSpec(ctx: FuzzContext): BodySpec {
  return {
    valid: fc.constant({ email: ctx.customerEmail, password: ctx.customerPassword }),
    invalid: {
      email: fc.oneof(notAString, whitespaceOnly, emailWithoutAt, fc.constantFrom('a@b@c', 'a b@c', '@@'), longString(256, 900)),
      password: fc.oneof(notAString, fc.constant(''), longString(201, 900)),
    },
    required: ['email', 'password'],
  };
}

/** Codes the two-factor routes refuse by shape: not text, blank, too long, signs beyond letters, digits and a dash. */
const badTwoFactorCode = fc.oneof(
  notAString,
  whitespaceOnly,
  longString(41, 400),
  fc.constantFrom('12<34>', '١٢٣٤٥٦', '１２３４５６', "1' OR '1'='1", '12;34', 'abc_def', '12.34'),
  oddString.filter((s) => s.trim() !== '' && !/^[A-Za-z0-9\s-]+$/.test(s.trim())),
);

/** The re-authentication of a two-factor change (issue 24 finding 2): a password or a Google ID token, both text. */
const badReauth = {
  password: fc.oneof(notAString, fc.constant(''), longString(201, 900)),
  googleToken: fc.oneof(notAString, fc.constant(''), longString(4097, 6000)),
};

function twoFactorEnableSpec(): BodySpec {
  return {
    valid: fc.constantFrom(
      { password: 'Ylberi-Prishtina-2026!', code: '123456' },
      { code: '654321' },
      { googleToken: 'x.y.z', code: '123456' },
    ),
    invalid: { code: badTwoFactorCode, ...badReauth },
    required: ['code'],
  };
}

/** Disabling and renewing the recovery codes: the same body (the password or Google, and a code). */
function twoFactorCodeChangeSpec(ctx: FuzzContext): BodySpec {
  return {
    valid: fc.record({ password: fc.constant(ctx.customerPassword), code: fc.constantFrom('123456', 'abcde-fghjk') }),
    invalid: { code: badTwoFactorCode, ...badReauth },
    required: ['code'],
  };
}

function orderLine(ctx: FuzzContext) {
  return fc.constantFrom(...ctx.products).map((p) => ({ id: p.id, quantity: 1, price: p.price }));
}

function validOrder(ctx: FuzzContext): fc.Arbitrary<Json> {
  return fc.uniqueArray(fc.constantFrom(...ctx.products), { minLength: 1, maxLength: 3, selector: (p) => p.id }).chain((ps) =>
    fc.tuple(...ps.map(() => fc.integer({ min: 1, max: 5 }))).map((qs) => {
      const items = ps.map((p, i) => ({ id: p.id, quantity: qs[i]!, price: p.price }));
      const cents = items.reduce((s, l) => s + Math.round(l.price * 100) * l.quantity, 0);
      return { items, total: cents / 100 };
    }),
  );
}

/** A home delivery's details the schema accepts. */
const goodDelivery = fc.record({
  fullName: fc.constantFrom('Arta Krasniqi', 'Blerim Gashi', 'Ëndrit Çeku'),
  phone: fc.constantFrom('044 123 456', '+383 49 555 666', '00383 45 111 222', '038/123-456'),
  city: fc.constantFrom(...municipalities),
  address: fc.constantFrom('Rr. Agim Ramadani 12', 'Lagjja Dardania, hyrja 3, kati 2'),
});

/** Values a Kosovo phone field refuses. */
const badPhone = fc.oneof(
  notAString,
  fc.constantFrom('', '12', '044', '+355 69 123 4567', 'telefoni im', '0441234567890'),
  longString(41, 200),
);

/** Delivery details the schema refuses: not an object, or one field wrong or missing. */
const badDelivery = (ctx: FuzzContext) =>
  fc.oneof(
    fc.constantFrom<unknown>(null, 42, 'Prishtinë', true, [], {}),
    fc.tuple(goodDelivery, fc.constantFrom('fullName', 'phone', 'city', 'address')).chain(([d, k]) => {
      const bad =
        k === 'fullName'
          ? fc.oneof(badText(120, ctx, { nonEmpty: true }), fc.constantFrom('A', 'Arta\u200bK', 'Arta\u0000'))
          : k === 'phone'
            ? badPhone
            : k === 'city'
              ? fc.oneof(notAString, notOneOf(municipalities))
              : fc.oneof(badText(300, ctx, { nonEmpty: true }), fc.constantFrom('ab', 'Rr.\u0000 1'));
      return fc.oneof(
        bad.map((v) => ({ ...d, [k]: v })),
        fc.constant(Object.fromEntries(Object.entries(d).filter(([key]) => key !== k))),
      );
    }),
  );

function orderSpec(ctx: FuzzContext): BodySpec {
  const badLine = fc.oneof(
    notAString,
    fc.tuple(orderLine(ctx), fc.constantFrom('id', 'quantity', 'price')).chain(([line, k]) => {
      const bad =
        k === 'id'
          ? badText(200, ctx, { nonEmpty: true })
          : k === 'quantity'
            ? fc.oneof(
                notANumber,
                fc.constantFrom(0, -1, 100, 1.5, 99.5, 1e6),
                fc.constantFrom('-0', '1e309', '1E2', '-1e309').map((t) => new RawJson(t)),
              )
            : fc.oneof(notANumber, fc.constantFrom(-0.01, -1, 1_000_000.01, 1.001, 0.005), rawHuge, rawNegative);
      return fc.oneof(
        bad.map((v) => ({ ...line, [k]: v })),
        fc.constant(Object.fromEntries(Object.entries(line).filter(([key]) => key !== k))),
      );
    }),
  );
  return {
    valid: validOrder(ctx),
    invalid: {
      items: fc.oneof(
        fc.oneof(
          oddString,
          fc.integer(),
          fc.constant(null),
          fc.boolean(),
          rawHuge,
          fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
        ),
        fc.constant([]),
        fc.integer({ min: 51, max: 80 }).chain((n) => fc.array(orderLine(ctx), { minLength: n, maxLength: n })),
        fc.tuple(fc.array(orderLine(ctx), { maxLength: 3 }), badLine, fc.nat(3)).map(([lines, bad, at]) => {
          const copy: unknown[] = [...lines];
          copy.splice(Math.min(at, copy.length), 0, bad);
          return copy;
        }),
        deepNesting,
      ),
      total: fc.oneof(notANumber, fc.constantFrom(-0.01, -1, 100_000_000.01, 1e12, 1.001, 0.005), rawHuge, rawNegative),
      fulfilment: fc.oneof(notAString, notOneOf(['pickup', 'delivery'])),
      paymentMethod: fc.oneof(notAString, notOneOf(['cash']), fc.constantFrom('card', 'paypal')),
      delivery: badDelivery(ctx),
      note: fc.oneof(notAString, longString(501, 2000)),
      // Issue 29 (decision 049): a discount code is text; an unknown one is a 409.
      discountCode: fc.oneof(notAString, longString(65, 200)),
      // Decision 048: a gift card's code and amount (the amount in euros, positive, whole cents).
      giftCard: badGiftCardPayment,
    },
    required: ['items', 'total'],
    defects: fc.constant({
      apply: (b: Json) => {
        const copy: Json = { ...b, fulfilment: 'delivery' };
        delete copy.delivery;
        return copy;
      },
      why: 'delivery without its details',
    }),
  };
}

/** A gift card code that is not one (decision 048): wrong length, look-alike letters, not text. */
const badGiftCode = fc.oneof(
  notAString,
  fc.constantFrom('', 'ABCD-EFGH', 'ABCD-EFGH-JKLM-NPQ0', 'ABCD-EFGH-JKLM-NPQI', 'ABCD-EFGH-JKLM-NPQR-S', "' OR 1=1 --"),
  longString(41, 400),
);
/** The `giftCard` of an order or a counter payment that is wrong in one part. */
const badGiftCardPayment = fc.oneof(
  notAString,
  fc.constant({}),
  badGiftCode.map((code) => ({ code })),
  fc
    .oneof(notANumberNorNull, fc.constantFrom(0, -0.01, -5, 1.001, 0.005, 1e12), rawHuge, rawNegative)
    .map((amount) => ({ code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ', amount })),
);

/** Who orders without an account (decision 042): phones from anywhere. */
const goodGuest = fc.record({
  name: fc.constantFrom('Arta Krasniqi', 'Ëndrit Çeku'),
  email: fc.constantFrom('arta@example.com', 'endrit.ceku@example.ch'),
  phone: fc.constantFrom('044 123 456', '+41 79 123 45 67', '0049 151 23456789'),
});

/** POST /api/guest-orders: an order's body plus `guest`. */
function guestOrderSpec(ctx: FuzzContext): BodySpec {
  const spec = orderSpec(ctx);
  const badGuestField = fc.tuple(goodGuest, fc.constantFrom('name', 'email', 'phone')).chain(([g, k]) => {
    const bad =
      k === 'name'
        ? fc.oneof(notAString, fc.constantFrom('', ' ', 'A', 'Arta\u200bK'), longString(121, 400))
        : k === 'email'
          ? fc.oneof(notAString, fc.constantFrom('', 'arta', 'arta@', '@example.com', 'a b@example.com'), longString(255, 400))
          : fc.oneof(notAString, fc.constantFrom('', '12', '044', '+41 12', 'telefoni im', '+383 12 345 678'), longString(41, 200));
    return fc.oneof(
      bad.map((v) => ({ ...g, [k]: v })),
      fc.constant(Object.fromEntries(Object.entries(g).filter(([key]) => key !== k))),
    );
  });
  return {
    ...spec,
    valid: fc.tuple(spec.valid, goodGuest).map(([b, g]) => ({ ...(b as Record<string, Json>), guest: g })),
    invalid: { ...spec.invalid, guest: fc.oneof(notAString, badGuestField, deepNesting) },
    required: [...spec.required, 'guest'],
  };
}

/** A chat order's customer (decision 047): a phone from anywhere and a name; the e-mail optional ('' too). */
const goodChatCustomer = fc.record({
  phone: fc.constantFrom('044 123 456', '+41 79 123 45 67', '0049 151 23456789'),
  name: fc.constantFrom('Arta Krasniqi', 'Ëndrit Çeku'),
  email: fc.constantFrom('', 'arta@example.com', 'endrit.ceku@example.ch'),
});

/** POST /api/admin/orders ('Porosi nga biseda'): no prices and no total, the server prices it. */
function chatOrderSpec(ctx: FuzzContext): BodySpec {
  const line = fc.constantFrom(...ctx.products).map((p) => ({ id: p.id, quantity: 1 }));
  const badLine = fc.oneof(
    notAString,
    fc.tuple(line, fc.constantFrom('id', 'quantity')).chain(([l, k]) => {
      const bad =
        k === 'id'
          ? badText(200, ctx, { nonEmpty: true })
          : fc.oneof(
              notANumber,
              fc.constantFrom(0, -1, 100, 1.5, 1e6),
              fc.constantFrom('-0', '1e309').map((t) => new RawJson(t)),
            );
      return fc.oneof(
        bad.map((v) => ({ ...l, [k]: v })),
        fc.constant(Object.fromEntries(Object.entries(l).filter(([key]) => key !== k))),
      );
    }),
  );
  const badCustomer = fc.tuple(goodChatCustomer, fc.constantFrom('name', 'email', 'phone')).chain(([c, k]): fc.Arbitrary<unknown> => {
    if (k === 'email') {
      // The e-mail may be left out or empty: only a wrong one is refused.
      return fc
        .oneof(notAString, fc.constantFrom('arta', 'arta@', '@example.com', 'a b@example.com'), longString(255, 400))
        .map((v) => ({ ...c, email: v }));
    }
    const bad =
      k === 'name'
        ? fc.oneof(notAString, fc.constantFrom('', ' ', 'A', 'Arta\u200bK'), longString(121, 400))
        : fc.oneof(notAString, fc.constantFrom('', '12', '044', '+41 12', 'telefoni im', '+383 12 345 678'), longString(41, 200));
    return fc.oneof(
      bad.map((v) => ({ ...c, [k]: v })),
      fc.constant(Object.fromEntries(Object.entries(c).filter(([key]) => key !== k))),
    );
  });
  return {
    valid: fc.record({
      channel: fc.constantFrom('whatsapp', 'viber', 'telefon'),
      customer: goodChatCustomer,
      items: fc.uniqueArray(line, { minLength: 1, maxLength: 3, selector: (l) => l.id }),
    }),
    invalid: {
      channel: fc.oneof(notAString, notOneOf(['whatsapp', 'viber', 'telefon']), fc.constant('web')),
      customer: fc.oneof(notAString, badCustomer, deepNesting),
      items: fc.oneof(
        fc.oneof(oddString, fc.integer(), fc.constant(null), fc.boolean(), rawHuge),
        fc.constant([]),
        fc.integer({ min: 51, max: 80 }).chain((n) => fc.array(line, { minLength: n, maxLength: n })),
        fc.tuple(fc.array(line, { maxLength: 3 }), badLine, fc.nat(3)).map(([lines, bad, at]) => {
          const copy: unknown[] = [...lines];
          copy.splice(Math.min(at, copy.length), 0, bad);
          return copy;
        }),
        deepNesting,
      ),
      fulfilment: fc.oneof(notAString, notOneOf(['pickup', 'delivery'])),
      paymentMethod: fc.oneof(notAString, notOneOf(['cash', 'transfer']), fc.constantFrom('card', 'paypal')),
      delivery: badDelivery(ctx),
      note: fc.oneof(notAString, longString(501, 2000)),
    },
    required: ['channel', 'customer', 'items'],
    defects: fc.constant({
      apply: (b: Json) => {
        const copy: Json = { ...b, fulfilment: 'delivery' };
        delete copy.delivery;
        return copy;
      },
      why: 'delivery without its details',
    }),
  };
}

/** PUT /api/admin/settings: the whole document; every field has its wrong values (an IBAN with a bad checksum among them). */
function shopSettingsSpec(ctx: FuzzContext): BodySpec {
  const goodCourier = fc.record({
    name: fc.constantFrom('Posta e Kosovës', 'EX Kosova', 'Korrieri X'),
    trackingUrl: fc.constantFrom('', 'https://gjurmo.example/{tracking}', 'https://k.example/t?nr={tracking}'),
  });
  return {
    valid: fc.record({
      shopName: fc.constantFrom('MobileShop KS', 'Dyqani'),
      shopAddress: fc.constant('Rruga Nëna Terezë 25, 10000 Prishtinë'),
      shopPhone: fc.constantFrom('+383 44 123 456', '044 123 456'),
      whatsappNumber: fc.constantFrom('+38344123456', '+41 79 123 45 67'),
      viberNumber: fc.constantFrom('+38344123456', '049 123 456'),
      bankName: fc.constant('Banka për Biznes'),
      iban: fc.constantFrom('XK051212012345678906', 'xk05 1212 0123 4567 8906', 'DE89370400440532013000'),
      transferDays: fc.integer({ min: 1, max: 30 }),
      couriers: fc.uniqueArray(goodCourier, { minLength: 1, maxLength: 3, selector: (c) => c.name }),
      counterDiscountMaxPercent: fc.integer({ min: 0, max: 100 }),
    }) as fc.Arbitrary<Json>,
    invalid: {
      shopName: badText(80, ctx, { nonEmpty: true }),
      shopAddress: badText(160, ctx, { nonEmpty: true }),
      shopPhone: fc.oneof(notAString, fc.constantFrom('', '123', 'abc', '+383 12')),
      whatsappNumber: fc.oneof(notAString, fc.constantFrom('', '12', 'wa.me/383', '+999 123'), longString(41, 200)),
      viberNumber: fc.oneof(notAString, fc.constantFrom('', '0', '+383 00 000')),
      bankName: badText(80, ctx, { nonEmpty: true }),
      iban: fc.oneof(
        notAString,
        fc.constantFrom('', 'XK061212012345678906', 'XK05121201234567890', 'XK0512120123456789066', 'XX', '1234', 'DE89370400440532013001'),
      ),
      transferDays: fc.oneof(notANumber, fc.constantFrom(0, -1, 31, 1.5, 1e9), rawHuge),
      couriers: fc.oneof(
        notAnArrayOfText,
        fc.constant([]),
        fc.constant([{ name: 'A', trackingUrl: '' }]),
        fc.constant([{ name: 'Posta', trackingUrl: 'http://x.example/{tracking}' }]),
        fc.constant([{ name: 'Posta', trackingUrl: 'https://x.example/pa-numer' }]),
        fc.constant([{ name: 'Posta', trackingUrl: 'javascript:alert(1)//{tracking}' }]),
        fc.constant([
          { name: 'Posta', trackingUrl: '' },
          { name: 'posta', trackingUrl: '' },
        ]),
        fc.array(goodCourier, { minLength: 11, maxLength: 12 }),
      ),
      counterDiscountMaxPercent: fc.oneof(notANumber, fc.constantFrom(-1, 101, 10.5), rawHuge),
    },
    required: [
      'shopName',
      'shopAddress',
      'shopPhone',
      'whatsappNumber',
      'viberNumber',
      'bankName',
      'iban',
      'transferDays',
      'couriers',
      'counterDiscountMaxPercent',
    ],
  };
}

/** Link secrets no guest order has: malformed, or well-formed and unknown. */
const badGuestTokens = (ctx: FuzzContext) =>
  fc.oneof(
    fc.constantFrom(
      '1',
      '0',
      '-1',
      'abc',
      '%00',
      '..%2F..',
      "'%20OR%201=1",
      'a'.repeat(43),
      ctx.guestToken.slice(0, 42),
      `${ctx.guestToken}x`,
    ),
    fc.string({
      unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
      minLength: 43,
      maxLength: 43,
    }),
  );

/**
 * PUT /api/admin/products/{id}/variants (issue 27, decision 039): two colours or no options; the
 * refusals are the issue's list (a combination, SKU or barcode twice, no price, negative or
 * fractional stock, a bad check digit) plus wrong shapes.
 */
function variantsSpec(): BodySpec {
  const colours = [{ name: 'Ngjyra', values: ['E zezë', 'E bardhë'] }];
  const two = [
    { values: ['E zezë'], sku: 'FUZZ-ZI', price: 199.99, stock: 3, barcode: '4006381333931' },
    { values: ['E bardhë'], sku: 'FUZZ-BARDHE', price: 209.99, stock: null, oldPrice: 249.5 },
  ];
  const one = [{ values: [], sku: 'FUZZ-NJE', price: 5 }];
  const badVariants = fc.oneof(
    notAString.filter((v) => !Array.isArray(v)),
    fc.constantFrom(
      [],
      [two[0], { ...two[1], values: ['E zezë'] }],
      [{ ...two[0], price: undefined }, two[1]],
      [two[0], { ...two[1], sku: 'fuzz-zi' }],
      [two[0], { ...two[1], barcode: '4006381333931' }],
      [{ ...two[0], stock: -1 }, two[1]],
      [{ ...two[0], stock: 1.5 }, two[1]],
      [{ ...two[0], barcode: '4006381333932' }, two[1]],
      [{ ...two[0], values: ['Blu'] }, two[1]],
      [{ ...two[0], values: [] }, two[1]],
      [{ ...two[0], sku: 'a b' }, two[1]],
      [{ ...two[0], sku: '' }, two[1]],
      [{ ...two[0], price: 0 }, two[1]],
      [{ ...two[0], images: [-1] }, two[1]],
      [
        { ...two[0], isDefault: true },
        { ...two[1], isDefault: true },
      ],
      [null, two[1]],
    ),
    rawHuge,
  );
  return {
    valid: fc.constantFrom({ options: colours, variants: two }, { options: [], variants: one }),
    invalid: {
      options: fc.oneof(
        notAString.filter((v) => !Array.isArray(v)),
        fc.constantFrom(
          [{ name: '', values: ['E zezë', 'E bardhë'] }],
          [{ name: 'Ngjyra', values: [] }],
          [{ name: 'Ngjyra', values: ['E zezë', 'e zezë'] }],
          [{ name: 'Ngjyra' }],
          [colours[0], { name: 'ngjyra', values: ['X'] }],
          [{ name: 'x'.repeat(41), values: ['E zezë', 'E bardhë'] }],
          [null],
        ),
      ),
      variants: badVariants,
    },
    required: ['options', 'variants'],
  };
}

function productSpec(ctx: FuzzContext): BodySpec {
  const badPrice = fc.oneof(
    notANumber,
    fc.constantFrom(0, -1, -0.01, 1_000_000.01, 2e6, 1.001, 0.005),
    fc
      .constantFrom('1e309', '-1e309', '-0', '-0.0', '1e-400', '123456789012345678901234567890', '1.7976931348623157e308')
      .map((t) => new RawJson(t)),
  );
  const notImage = fc.oneof(
    fc.constantFrom(
      'javascript:alert(1)',
      'http://example.com/a.png',
      '//evil.example/a.png',
      'data:image/png;base64,AAAA',
      'ftp://example.com/a.png',
      'a.png',
      '/a b.png',
      'https://',
      'file:///etc/passwd',
      '\\\\evil\\a.png',
      'https://exa mple.com/a.png',
    ),
    oddString.filter((s) => {
      const v = s.trim();
      return v !== '' && !v.startsWith('/') && !/https:/i.test(v);
    }),
    longString(2002, 6000),
  );
  return {
    valid: fc.record(
      {
        name: fc.constantFrom('Telefon Testi', 'Mbrojtëse Çanta'),
        price: fc.constantFrom(199.99, 5, 1_000_000),
        description: fc.constantFrom('', 'Përshkrim'),
        image: fc.constantFrom('', '/images/x.webp', 'https://example.com/a.png'),
        category: fc.constantFrom(...categories),
        oldPrice: fc.constantFrom(null, 249.5),
        collection: fc.constantFrom(null, ...collections),
        stock: fc.constantFrom(null, 0, 12, 1_000_000),
        brand: fc.constantFrom('', 'Samsung', 'Xiaomi'),
        sku: fc.constantFrom(null, '', 'SM-A366B/128', '100001'),
        specs: fc.constantFrom(
          [],
          [{ label: 'Ekrani', value: '6,1"' }],
          [
            { label: 'RAM', value: '8 GB' },
            { label: 'Garancia', value: '12 muaj' },
          ],
        ),
      },
      { requiredKeys: ['name', 'price'] },
    ),
    invalid: {
      name: badText(200, ctx, { nonEmpty: true }),
      price: badPrice,
      description: fc.oneof(notAString, longString(5002, 12_000)),
      image: fc.oneof(notAString, notImage),
      category: fc.oneof(notAString, notOneOf(categories)),
      oldPrice: fc.oneof(notANumberNorNull, fc.constantFrom(0, -1, 1.001, 2e6), rawHuge, rawNegative),
      collection: fc.oneof(
        notAString.filter((v) => v !== null),
        notOneOf(collections),
      ),
      stock: fc.oneof(notANumberNorNull, fc.constantFrom(-1, 1.5, 1_000_001, 1e21), rawHuge, rawNegative),
      brand: badText(60, ctx),
      sku: fc.oneof(
        notAString.filter((v) => v !== null),
        longString(41, 200),
        fc.constantFrom('ABC 123', 'a\tb', 'ç-1', '<b>', "1' OR '1'='1", '1;2'),
      ),
      specs: fc.oneof(
        notAString.filter((v) => !Array.isArray(v)),
        fc.constant({ Ekrani: '6"' }),
        fc.constantFrom(
          [{ label: '', value: 'x' }],
          [{ label: 'x', value: '' }],
          [{ label: ' ', value: 'x' }],
          [{ label: 'x' }],
          [{ value: 'x' }],
          ['Ekrani'],
          [null],
          [
            { label: 'RAM', value: '8 GB' },
            { label: 'ram', value: '12 GB' },
          ],
        ),
        fc.tuple(badText(60, ctx, { nonEmpty: true })).map(([label]) => [{ label, value: 'v' }]),
        fc.tuple(badText(300, ctx, { nonEmpty: true })).map(([value]) => [{ label: 'L', value }]),
        fc.integer({ min: 31, max: 60 }).map((n) => Array.from({ length: n }, (_, i) => ({ label: `L${i}`, value: 'v' }))),
      ),
    },
    required: ['name', 'price'],
  };
}

const brands = warrantyBrands as readonly string[];
const allModels = new Set(Object.values(warrantyModels).flatMap((groups) => groups.flatMap((g) => g.options)));
const repairBrandNames = repairBrands as readonly string[];
const allSoftware = new Set(Object.values(warrantySoftware).flatMap((groups) => groups.flatMap((g) => g.options)));

function warrantySpec(ctx: FuzzContext): BodySpec {
  const complete = completeWarrantySheet;
  const trimmedNotIn = (set: ReadonlySet<string> | readonly string[]) => {
    const has = (v: string) => (Array.isArray(set) ? (set as readonly string[]).includes(v) : (set as ReadonlySet<string>).has(v));
    return oddString.filter((s) => s.trim() !== '' && !has(s.trim()));
  };
  const text = (max: number) => badText(max, ctx);
  return {
    valid: fc.oneof(
      fc.constant({ status: 'draft' }),
      fc.constant({ ...complete, status: 'printed' }),
      fc.constant({ ...complete, status: 'draft' }),
      fc.constant({ emri: 'Arta', marka: 'Samsung', status: 'draft', cmimi: null }),
    ),
    invalid: {
      emri: text(100),
      mbiemri: text(100),
      telefoni: text(30),
      email: text(254),
      marka: fc.oneof(text(50), trimmedNotIn(brands)),
      modeli: fc.oneof(text(100), trimmedNotIn(allModels)),
      imei: fc.oneof(
        text(50),
        fc.constantFrom('123456789012345', '12345a', '١٢٣', '１２３', '-1', '1.5', '1e3', '0x1'),
        oddString.filter((s) => !/^\d*$/.test(s.trim())),
      ),
      softInfo: fc.oneof(text(100), trimmedNotIn(allSoftware)),
      kohezgjatja: fc.oneof(text(20), trimmedNotIn(warrantyDurations), fc.constantFrom('0 muaj', '25 muaj', '12', '12 months', '-1 muaj')),
      // '' is an empty price (no price), which a draft may have.
      cmimi: fc.oneof(
        notANumberNorNull.filter((v) => v !== ''),
        fc.constantFrom(-0.01, -1, 100_000.01, 1e9, 1.001, 0.005),
        rawHuge,
        rawNegative,
      ),
      komente: text(1000),
      llojiPageses: fc.oneof(notAString, notOneOf(paymentTypes)),
      status: fc.oneof(notAString, notOneOf(['draft', 'printed'])),
    },
    required: ['status'],
    defects: fc.constantFrom('emri', 'mbiemri', 'telefoni+email', 'modeli', 'imei', 'softInfo', 'kohezgjatja', 'cmimi').map((k) => ({
      apply: (b: Json) => {
        const printed: Json = { ...b, ...complete, status: 'printed' };
        if (k === 'telefoni+email') return { ...printed, telefoni: '12', email: 'x' };
        return { ...printed, [k]: k === 'cmimi' ? null : '' };
      },
      why: `printed without ${k}`,
    })),
  };
}

/** A text that PostgreSQL refuses (NUL), in field `k` of an otherwise valid body. */
const nulIn = (valid: fc.Arbitrary<Json>, keys: readonly string[]) =>
  fc.tuple(valid, fc.constantFrom(...keys), withNul).map(([b, k, v]) => ({ body: { ...b, [k]: v }, why: `NUL in ${k}` }));

// --- The repair counter (issue 16) -----------------------------------------------------------

/** Values a repair ticket's phone refuses (8 to 15 digits with the usual separators, at most 30 signs). */
const badRepairPhone = fc.oneof(
  notAString,
  fc.constantFrom('', '12', '044', 'telefoni im', '1234567890123456', '044 123 456 x'),
  longString(31, 200),
);
/** Values a list of checkboxes refuses: not a list, an unknown entry, or one twice. */
const badChoices = (allowed: readonly string[]) =>
  fc.oneof(
    fc.constantFrom<unknown>(null, 42, 'text', {}, true),
    notOneOf(allowed).map((v) => [v]),
    fc.constantFrom(...allowed).map((v) => [v, v]),
    fc.constantFrom(...allowed).map((v) => [v.toUpperCase()]),
  );
/** Sums in euros a ticket refuses (0 to 10 000, whole cents). */
const badAmount = fc.oneof(notANumberNorNull, fc.constantFrom(-0.01, -1, 10_000.01, 1e9, 1.001, 0.005), rawHuge, rawNegative);
const badRowId = fc.oneof(notANumberNorNull, fc.constantFrom(0, -1, 1.5, 2_147_483_648), rawHuge, rawNegative);

function repairFieldSpec(ctx: FuzzContext): Record<string, fc.Arbitrary<unknown>> {
  return {
    customerName: badText(100, ctx, { nonEmpty: true }),
    customerPhone: badRepairPhone,
    customerEmail: fc.oneof(
      notAString,
      emailWithoutAt.filter((s) => s.trim() !== ''),
      fc.constantFrom('a@b@c.com', '@', 'a b@c.de', 'jo-email'),
      longString(256, 800),
    ),
    colour: badText(40, ctx),
    fault: badText(1000, ctx, { nonEmpty: true }),
    conditions: badChoices(['scratches', 'cracked-glass', 'water-marks', 'dents', 'no-power']),
    conditionNotes: badText(1000, ctx),
    accessories: badChoices(['charger', 'case', 'sim', 'memory-card', 'box']),
    pin: fc.oneof(notAString, longString(33, 200)),
    // Not a pattern lock: a dot twice, a 0, fewer than 4 dots, letters, or too long.
    pattern: fc.oneof(notAString, fc.constantFrom('1-1-2-3', '0123', '123', 'abcd', '1-2-3-x', '12345678910'), longString(41, 200)),
    estimate: badAmount,
    deposit: fc.oneof(badAmount, fc.constant(null)),
    technician: badText(100, ctx),
  };
}

function repairCreateSpec(ctx: FuzzContext): BodySpec {
  const complete = completeRepairIntake;
  return {
    valid: fc.constantFrom<Json>(
      { ...complete },
      {
        customerName: 'Blerim Gashi',
        customerPhone: '049 555 111',
        brand: 'Samsung',
        model: 'Galaxy S24',
        imei: '35111122223333',
        fault: 'Nuk karikon.',
      },
      { ...complete, estimate: null, deposit: 0, pin: '', customerEmail: '', userId: ctx.customerId },
    ),
    invalid: {
      ...repairFieldSpec(ctx),
      brand: fc.oneof(
        notAString,
        oddString.filter((s) => !repairBrandNames.includes(s.trim())),
        longString(51, 200),
      ),
      // Any model text is taken (the list only suggests): empty, blank, too long or with hidden signs is not.
      model: fc.oneof(notAString, fc.constantFrom('', '   ', 'Pixel\u200b 8', 'Model\nTjetër'), longString(101, 300)),
      imei: fc.oneof(
        notAString,
        fc.constantFrom('', '1234567890123', '356938101234567', '1234567890123456', '12345a', '١٢٣', '３５６９３８１０１２３４５６', '-1'),
        longString(21, 200),
      ),
      userId: badRowId,
      warrantySheetId: badRowId,
    },
    required: ['customerName', 'customerPhone', 'fault', 'brand', 'model', 'imei'],
    defects: fc.constantFrom(
      { apply: (b: Json) => ({ ...b, estimate: 50, deposit: 60 }), why: 'deposit above the estimate' },
      { apply: (b: Json) => ({ ...b, brand: 'Tjetër', model: '' }), why: '“Tjetër” without its model' },
    ),
  };
}

function repairTrackSpec(): BodySpec {
  return {
    valid: fc.constant({ code: 'R-0000000000', proof: '1234' }),
    invalid: {
      code: fc.oneof(
        notAString,
        fc.constantFrom('', 'R-123', 'R-UUUUUUUUUU', 'R-0000000000X', 'R-00000-0000', 'S-0000000000'),
        oddString.filter((s) => normaliseTicketCode(s) === null),
        longString(41, 200),
      ),
      proof: fc.oneof(
        notAString,
        fc.constantFrom('', '123', 'abcd', '12 34a', '   1  ', '1234\u0000'),
        oddString.filter((s) => !/^\+?[\d\s()./-]+$/.test(s.trim()) || s.trim().length < 4),
        longString(31, 200),
      ),
    },
    required: ['code', 'proof'],
  };
}

/** Codes of the right shape that no ticket has (never the fixture's open ticket). */
const unknownTicketCode = (ctx: FuzzContext) =>
  fc
    .array(fc.constantFrom(...'0123456789ABCDEFGHJKMNPQRSTVWXYZ'), { minLength: 10, maxLength: 10 })
    .map((c) => `R-${c.join('')}`)
    .filter((c) => c !== ctx.openRepairCode);
/** Proofs of the right shape that are not the open ticket's (its IMEI ends in 3456, its phone is +383 44 987 654). */
const wrongProof = fc
  .oneof(
    fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
    fc.constantFrom('044 123 456', '+383 49 000 000', '00000000'),
  )
  .filter((p) => p !== '3456' && !p.replace(/\D/g, '').endsWith('44987654'));
/**
 * The upload route (multipart, issue 17): every case is refused. Files that are not pictures, too
 * small or too many, bodies that are not multipart or are broken, missing products and refused
 * tokens (with a good photo). A good upload by an admin is never made: it would store something.
 */
function photoUploadRoute(ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const { good, refused } = authFor(ctx, 'admin');
  const { productId, png, tiny } = ctx.photos;
  const url = (id: string) => `/api/admin/products/${id}/images`;
  const multipart = (files: FilePart[], fields: Record<string, string> = {}) => {
    const body = multipartBody(files, fields);
    return { payload: body.payload, headers: body.headers };
  };
  const make = (
    id: string,
    auth: Record<string, string>,
    body: { payload: Buffer | string; headers: Record<string, string> },
    why: string,
  ) => new FuzzRequest('POST', url(id), { ...auth, ...body.headers }, body.payload, 'reject', why);
  const notPicture = fc
    .tuple(
      fc.oneof(oddString, fc.constantFrom('<svg xmlns="http://www.w3.org/2000/svg"/>', 'GIF89a', '\x89PNG\r\n', '%PDF-1.4')),
      fc.constantFrom('foto.png', 'foto.jpg', 'a.webp', 'x.avif', 'x.heic', '../../etc/passwd', 'é.png', ''),
      fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'text/plain'),
    )
    .map(([text, name, type]) => ({ name: name || 'x.png', type, bytes: Buffer.from(text || ' ') }));
  const cases: { weight: number; arbitrary: fc.Arbitrary<FuzzRequest> }[] = [
    {
      weight: 5,
      arbitrary: fc
        .tuple(good, fc.array(notPicture, { minLength: 1, maxLength: 3 }), fc.boolean())
        .map(([a, files, withGood]) =>
          make(productId, a, multipart(withGood ? [{ name: 'e-mire.png', bytes: png }, ...files] : files), 'a file that is not a picture'),
        ),
    },
    {
      weight: 1,
      arbitrary: good.map((a) => make(productId, a, multipart([{ name: 'e-vogel.png', type: 'image/png', bytes: tiny }]), 'too small')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(good, fc.integer({ min: 9, max: 12 }))
        .map(([a, n]) =>
          make(productId, a, multipart(Array.from({ length: n }, (_, i) => ({ name: `${i}.png`, bytes: tiny }))), `${n} files`),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(good, fc.dictionary(fc.constantFrom('emri', 'order', 'x'), oddString, { maxKeys: 3 }))
        .map(([a, fields]) => make(productId, a, multipart([], fields), 'no files')),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          good,
          fc.oneof(
            fc.jsonValue({ maxDepth: 2 }).map((v) => toJsonText(v)),
            oddString,
          ),
          fc.constantFrom(
            'application/json',
            'text/plain',
            'application/octet-stream',
            'image/png',
            'multipart/form-data',
            'multipart/form-data; boundary=',
            'multipart/form-data; boundary=x',
            'multipart/mixed; boundary=x',
          ),
        )
        .map(([a, text, type]) => make(productId, a, { payload: text || '{}', headers: { 'content-type': type } }, `${type} body`)),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(good, fc.integer({ min: 10, max: 400 })).map(([a, cut]) => {
        const body = multipart([{ name: 'a.png', bytes: png }]);
        return make(productId, a, { payload: body.payload.subarray(0, cut), headers: body.headers }, `multipart cut at ${cut}`);
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(notAnId([productId, ...ctx.products.map((p) => p.id)]), good)
        .map(([id, a]) => make(id, a, multipart([{ name: 'a.png', bytes: png }]), `no such product ${preview(id)}`)),
    },
  ];
  if (refused)
    cases.push({
      weight: 3,
      arbitrary: refused.map((a) =>
        make(productId, a, multipart([{ name: 'a.png', bytes: png }]), `good photo, refused token ${preview(a.authorization ?? 'none')}`),
      ),
    });
  return fc.oneof(...cases);
}

/**
 * POST /api/admin/products/import (issue 27): the body is a CSV file. Every case is refused: files
 * with a bad cell (a formula, a negative, fractional or missing price, a bad stock), without the
 * header's columns, in Windows-1252 or UTF-16, bodies that are not CSV, a bad dryRun and refused
 * tokens (with a good file). A good file is never imported: it would store products.
 */
function catalogueImportRoute(ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const { good, refused } = authFor(ctx, 'admin');
  const header =
    'ID e produktit;Emri;Kategoria;Marka;Përshkrimi;Opsioni 1;Vlera 1;Opsioni 2;Vlera 2;Opsioni 3;Vlera 3;SKU;Barkodi;Çmimi (€);Çmimi i vjetër (€);Stoku;Parazgjedhur';
  const line = (o: { name?: string; sku?: string; price?: string; stock?: string; option?: string }) =>
    `;${o.name ?? 'Telefon Fuzz'};Telefona;;;${o.option ?? ''};${o.option ? 'E zezë' : ''};;;;;${o.sku ?? 'FUZZ-1'};;${o.price ?? '10'};;${o.stock ?? ''};`;
  const csv = (text: string, type = 'text/csv') => ({ payload: Buffer.from(text, 'utf8'), headers: { 'content-type': type } });
  const make = (
    auth: Record<string, string>,
    body: { payload: Buffer | string; headers: Record<string, string> },
    why: string,
    query = '?dryRun=1',
  ) => new FuzzRequest('POST', `/api/admin/products/import${query}`, { ...auth, ...body.headers }, body.payload, 'reject', why);
  const formula = fc
    .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), oddString)
    .map(([c, s]) => `${c}${s.replace(/[;"\r\n]/g, '')}x`);
  const badCell = fc.oneof(
    formula.map((f) => ({ name: f })),
    formula.map((f) => ({ sku: f })),
    fc.constantFrom('', '-1', '0', '1,234', 'dhjetë', '1e3', '10 €uro', '=1+1', '99999999').map((price) => ({ price })),
    fc.constantFrom('-1', '2,5', '1.5', 'shumë', '=A1', '10000000').map((stock) => ({ stock })),
    fc.constantFrom('', ' ').map((sku) => ({ sku })),
    oddString.filter((s) => s.trim() !== '' && !/[;"\r\n]/.test(s)).map((s) => ({ sku: `${s}!` })),
  );
  const cases: { weight: number; arbitrary: fc.Arbitrary<FuzzRequest> }[] = [
    {
      weight: 6,
      arbitrary: fc
        .tuple(good, badCell, fc.boolean(), fc.constantFrom('?dryRun=1', ''))
        .map(([a, cell, twice, query]) =>
          make(
            a,
            csv([header, line(cell), ...(twice ? [line({ sku: 'FUZZ-2' })] : [])].join('\r\n')),
            `bad cell ${JSON.stringify(cell)}`,
            query,
          ),
        ),
    },
    {
      weight: 2,
      arbitrary: good.map((a) =>
        make(a, csv([header, line({ sku: 'FUZZ-A' }), line({ sku: 'FUZZ-A', name: 'Tjetër' })].join('\n')), 'a SKU twice', ''),
      ),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(good, oddString, fc.constantFrom('text/csv', 'text/plain', 'application/octet-stream', 'application/vnd.ms-excel'))
        .map(([a, text, type]) => make(a, csv(text, type), `text without the header: ${preview(text)}`, '')),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(good, fc.constantFrom('latin1', 'utf16le') as fc.Arbitrary<BufferEncoding>).map(([a, enc]) =>
        make(
          a,
          {
            payload: Buffer.concat([
              enc === 'utf16le' ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0),
              Buffer.from(`${header}\r\n${line({ name: 'Mbrojtëse' })}`, enc),
            ]),
            headers: { 'content-type': 'text/csv' },
          },
          `a file in ${enc}`,
        ),
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          good,
          fc.jsonValue({ maxDepth: 2 }),
          fc.constantFrom('application/json', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'),
        )
        .map(([a, v, type]) => make(a, { payload: toJsonText(v), headers: { 'content-type': type } }, `${type} body`)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(good, fc.constantFrom('x', '2', 'yes', 'TRUE', '', '%00', '1&dryRun=0'))
        .map(([a, v]) => make(a, csv(`${header}\r\n${line({})}`), `dryRun=${v}`, `?dryRun=${v}`)),
    },
    {
      weight: 1,
      arbitrary: good.map((a) => make(a, csv(`${header}\r\n${line({ sku: 'F'.repeat(2 * 1024 * 1024) })}`), 'a file over the limit')),
    },
  ];
  if (refused)
    cases.push({
      weight: 3,
      arbitrary: refused.map((a) =>
        make(a, csv(`${header}\r\n${line({})}`), `good file, refused token ${preview(a.authorization ?? 'none')}`),
      ),
    });
  return fc.oneof(...cases);
}

/** PUT .../images: every body is an order the route refuses (never the photos' own order). */
function photoOrderSpec(ctx: FuzzContext): BodySpec {
  const { ids } = ctx.photos;
  return {
    valid: fc.constant({ order: [...ids].reverse() }),
    invalid: {
      order: fc.oneof(
        notAString.filter((v) => !Array.isArray(v)),
        fc.constant([]),
        fc.array(fc.oneof(notANumber, fc.constantFrom(0, -1, 1.5, 2_147_483_648), rawHuge), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 9, max: 40 }).map((n) => Array.from({ length: n }, (_, i) => i + 1)),
        deepNesting,
      ),
    },
    required: ['order'],
  };
}

/** Orders of the photos that are not a permutation of them (a photo missing, twice, or another's). */
const wrongPhotoOrders = (ctx: FuzzContext) => {
  const { ids } = ctx.photos;
  return fc.constantFrom([ids[0]!], [...ids, ids[0]!], [...ids, ctx.missingId], [ids[0]!, ids[0]!], [ids[1]!, ctx.missingId]);
};
/** Days the range of an export or of the statistics refuses (a real day written YYYY-MM-DD is the only kind taken). */
const badDay = fc.oneof(
  fc.constantFrom(
    '',
    '2024-02-30',
    '2024-13-01',
    '24-01-01',
    '2024-1-1',
    '2024-01-01T00:00',
    '01.02.2024',
    'today',
    '%00',
    '=1+1',
    '__proto__',
  ),
  oddString.filter((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v)).map(encodeSegment),
);

/** A paged admin list: q, sort, dir, page and pageSize, each with values it refuses. */
const listRoute = (ctx: FuzzContext, url: string) =>
  readRoute(ctx, {
    url,
    auth: 'admin',
    query: {
      keys: ['q', 'sort', 'dir', 'page', 'pageSize'],
      // Longer than the 200 signs a search may have: every one of the keys refuses it.
      bad: fc.tuple(fc.integer({ min: 201, max: 600 }), oddString).map(([n, tail]) => encodeSegment(`${'x'.repeat(n)}${tail}`)),
    },
  });

// --- Honest ratings (issue 18) --------------------------------------------------------------

/** A review's body: 1 to 5 whole stars and an optional text of at most 1000 characters. */
const reviewSpec: BodySpec = {
  valid: fc.record(
    { rating: fc.integer({ min: 1, max: 5 }), text: fc.constantFrom('', 'Shumë i mirë!', 'Bateria zgjat gjithë ditën.') },
    { requiredKeys: ['rating'] },
  ),
  invalid: {
    rating: fc.oneof(notANumber, fc.constantFrom<unknown>(0, 6, 4.5, -1, 1e9, '5', true)),
    text: fc.oneof(notAString, longString(1001, 3000)),
  },
  required: ['rating'],
};

/** Products the fuzz customer never received: a valid review for one is refused (403), never stored. */
const notReceived = (ctx: FuzzContext) =>
  ctx.products.map((p) => p.id).filter((id) => id.toLowerCase() !== ctx.deliveredProductId.toLowerCase());

// --- The table: one entry per API route ------------------------------------------------------

const docsRoute = (url: string): Endpoint => ({ auth: 'public', cases: (ctx) => readRoute(ctx, { url, auth: 'public' }) });

/**
 * Every API route, keyed "METHOD /url" exactly as Fastify registered it. The test fails when the
 * app has a route this table does not name (HEAD routes are checked through their GET).
 */
// --- Issue 29: discount codes (decision 049) ---------------------------------------------------

/** A discount code's body as the owner sends it, and the values each field refuses. */
function discountCodeSpec(): BodySpec {
  return {
    valid: fc.record({
      code: fc.constantFrom('FUZZ10', ' fuzz-20 ', 'BF_2026'),
      kind: fc.constant('percent'),
      value: fc.integer({ min: 1, max: 100 }),
      brands: fc.constantFrom([], ['Samsung']),
      categories: fc.constantFrom([], ['phone']),
    }) as fc.Arbitrary<Json>,
    invalid: {
      code: fc.oneof(notAString, fc.constantFrom('', 'ab', 'a b c', 'KOD!', 'ÇMIM10', 'x'.repeat(33)), longString(65, 200)),
      kind: fc.oneof(notAString, notOneOf(['percent', 'amount', 'free-delivery'])),
      value: fc.oneof(notANumber, fc.constantFrom(0, -1, 101, 150, 10.5)),
      name: fc.oneof(notAString, longString(121, 400)),
      validFrom: fc.oneof(
        fc.constantFrom('2026-13-01', '2026-02-30', '01.12.2026', 'nesër', ''),
        notAString.filter((v) => v !== null),
      ),
      validTo: fc.oneof(
        fc.constantFrom('2026-00-10', '2026-1-1', 'x'),
        notAString.filter((v) => v !== null),
      ),
      minSubtotal: fc.oneof(notANumber, fc.constantFrom(-1, 0.001, 1e12)),
      categories: fc.oneof(notAString, fc.constantFrom(['telefon'], [1], 'phone')),
      brands: fc.oneof(notAString, fc.constantFrom([''], ['x'.repeat(61)], [1])),
      productIds: fc.oneof(notAString, fc.constantFrom([''], [1], ['x'.repeat(201)])),
      maxUses: fc.oneof(notANumberNorNull, fc.constantFrom(0, -1, 1.5, 1_000_001)),
      maxUsesPerCustomer: fc.oneof(notANumberNorNull, fc.constantFrom(0, -1, 2.5)),
    },
    required: ['code', 'kind'],
    defects: fc.constantFrom(
      { apply: (b: Json) => ({ ...b, validFrom: '2026-12-10', validTo: '2026-12-01' }), why: 'to-date before the from-date' },
      { apply: (b: Json) => ({ ...b, kind: 'amount', value: 1.005 }), why: 'a fractional cent' },
    ),
  };
}

const discountCodeEndpoints: Record<string, Endpoint> = {
  'POST /api/discount-codes/check': {
    auth: 'public',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/discount-codes/check',
        auth: 'public',
        spec: {
          valid: fc.record({
            code: fc.constantFrom('NOSUCHCODE', 'nope-123'),
            items: fc.constantFrom(...ctx.products).map((p) => [{ id: p.id, quantity: 1 }]),
            fulfilment: fc.constantFrom('pickup', 'delivery'),
          }) as fc.Arbitrary<Json>,
          invalid: {
            code: fc.oneof(notAString, fc.constantFrom('', 'ab', 'KOD!', 'a b c'), longString(65, 200)),
            items: fc.oneof(
              notAString,
              fc.constant([]),
              fc.constantFrom(
                [{ id: '', quantity: 1 }],
                [{ id: 'x', quantity: 0 }],
                [{ id: 'x', quantity: 1.5 }],
                [{ id: 'x', quantity: 100 }],
              ),
              fc.array(fc.constant({ id: 'x', quantity: 1 }), { minLength: 51, maxLength: 55 }),
              deepNesting,
            ),
            fulfilment: fc.oneof(notAString, notOneOf(['pickup', 'delivery'])),
          },
          required: ['code', 'items'],
        },
        semantic: fc.oneof(
          fc.constant({ body: { code: 'NOSUCHCODE', items: [{ id: ctx.products[0]!.id, quantity: 1 }] }, why: 'no such code' }),
          fc.constant({ body: { code: 'NOSUCHCODE', items: [{ id: 'no-such-product-x', quantity: 1 }] }, why: 'no such code nor product' }),
        ),
      }),
  },
  'GET /api/admin/discount-codes': {
    auth: 'admin',
    cases: (ctx) => readRoute(ctx, { url: '/api/admin/discount-codes', auth: 'admin' }),
  },
  'POST /api/admin/discount-codes': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/discount-codes',
        auth: 'admin',
        spec: discountCodeSpec(),
        semantic: fc.constant({
          body: { code: 'FUZZPROD', kind: 'percent', value: 10, productIds: ['no-such-product-x'] },
          why: 'a product that does not exist',
        }),
      }),
  },
  'PATCH /api/admin/discount-codes/:id': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'PATCH',
        url: '/api/admin/discount-codes/:id',
        auth: 'admin',
        spec: { valid: fc.record({ paused: fc.boolean() }) as fc.Arbitrary<Json>, invalid: { paused: notABoolean }, required: ['paused'] },
        goodParam: numericIds(ctx).missing,
        badParam: numericIds(ctx).bad,
        semantic: numericIds(ctx).missing.map((id) => ({ param: id, body: { paused: true }, why: 'no such code' })),
      }),
  },
  // Decision 053: the owner's edit takes the create form's body (the same schema).
  'PUT /api/admin/discount-codes/:id': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'PUT',
        url: '/api/admin/discount-codes/:id',
        auth: 'admin',
        spec: discountCodeSpec(),
        goodParam: numericIds(ctx).missing,
        badParam: numericIds(ctx).bad,
        semantic: numericIds(ctx).missing.map((id) => ({
          param: id,
          body: { code: 'FUZZEDIT', kind: 'percent', value: 10 },
          why: 'no such code',
        })),
      }),
  },
  'GET /api/admin/discount-codes/:id/uses': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/discount-codes/:id/uses',
        auth: 'admin',
        goodParam: numericIds(ctx).missing,
        badParam: numericIds(ctx).bad,
      }),
  },
};

export const endpoints: Record<string, Endpoint> = {
  'GET /api/health': { auth: 'public', cases: (ctx) => readRoute(ctx, { url: '/api/health', auth: 'public' }) },
  'GET /api/ready': { auth: 'public', cases: (ctx) => readRoute(ctx, { url: '/api/ready', auth: 'public' }) },

  'GET /api/products': {
    auth: 'public',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/products',
        auth: 'public',
        query: {
          keys: ['collection'],
          bad: fc.oneof(
            notOneOf(collections).map(encodeSegment),
            fc.constantFrom('', 'home&collection=iphone', 'Home', '%20home', 'home%00', 'home%ZZ', '%', '__proto__'),
          ),
        },
      }),
  },
  // The catalogue's pages and search (issue 18): every parameter refuses a value longer than any it takes.
  'GET /api/products/browse': {
    auth: 'public',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/products/browse',
        auth: 'public',
        query: {
          keys: ['q', 'sort', 'brand', 'storage', 'min', 'max', 'inStock', 'category', 'page', 'pageSize'],
          bad: fc.tuple(fc.integer({ min: 101, max: 600 }), oddString).map(([n, tail]) => encodeSegment(`${'x'.repeat(n)}${tail}`)),
        },
      }),
  },
  'GET /api/products/:id': {
    auth: 'public',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/products/:id',
        auth: 'public',
        goodParam: fc.constantFrom(...ctx.products.map((p) => p.id)),
        badParam: notAnId(ctx.products.map((p) => p.id)),
      }),
  },
  'GET /api/products/:id/related': {
    auth: 'public',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/products/:id/related',
        auth: 'public',
        goodParam: fc.constantFrom(...ctx.products.map((p) => p.id)),
        badParam: notAnId(ctx.products.map((p) => p.id)),
      }),
  },
  'GET /api/products/:id/reviews': {
    auth: 'public',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/products/:id/reviews',
        auth: 'public',
        goodParam: fc.constantFrom(...ctx.products.map((p) => p.id)),
        badParam: notAnId(ctx.products.map((p) => p.id)),
      }),
  },
  'GET /api/products/:id/reviews/mine': {
    auth: 'user',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/products/:id/reviews/mine',
        auth: 'user',
        goodParam: fc.constantFrom(...ctx.products.map((p) => p.id)),
        badParam: notAnId(ctx.products.map((p) => p.id)),
      }),
  },
  'POST /api/products/:id/reviews': {
    auth: 'user',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/products/:id/reviews',
        auth: 'user',
        spec: reviewSpec,
        goodParam: fc.constantFrom(...ctx.products.map((p) => p.id)),
        badParam: notAnId(ctx.products.map((p) => p.id)),
        semantic: fc.oneof(
          fc
            .tuple(fc.constantFrom(...notReceived(ctx)), reviewSpec.valid)
            .map(([id, body]) => ({ param: id, body, why: `product ${id} never delivered to this customer` })),
          fc
            .tuple(notAnId(ctx.products.map((p) => p.id)), reviewSpec.valid)
            .map(([id, body]) => ({ param: id, body, why: 'no such product' })),
        ),
      }),
  },
  'PUT /api/products/:id/reviews/mine': {
    auth: 'user',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'PUT',
        url: '/api/products/:id/reviews/mine',
        auth: 'user',
        spec: reviewSpec,
        goodParam: fc.constantFrom(...ctx.products.map((p) => p.id)),
        badParam: notAnId(ctx.products.map((p) => p.id)),
        // Neither good token has a review of its own, so every valid edit is a 404.
        semantic: fc
          .tuple(fc.constantFrom(...ctx.products.map((p) => p.id)), reviewSpec.valid)
          .map(([id, body]) => ({ param: id, body, why: 'no review of ones own to change' })),
      }),
  },
  'GET /api/giftcards': { auth: 'public', cases: (ctx) => readRoute(ctx, { url: '/api/giftcards', auth: 'public' }) },
  'GET /api/blog': { auth: 'public', cases: (ctx) => readRoute(ctx, { url: '/api/blog', auth: 'public' }) },
  'GET /api/blog/:id': {
    auth: 'public',
    cases: (ctx) =>
      readRoute(ctx, { url: '/api/blog/:id', auth: 'public', goodParam: fc.constantFrom(...ctx.blogIds), badParam: notAnId(ctx.blogIds) }),
  },

  'POST /api/newsletter': {
    auth: 'public',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/newsletter',
        auth: 'public',
        spec: {
          valid: fc.constant({ email: 'fuzz@example.com' }),
          invalid: { email: notAnEmail(254) },
          required: ['email'],
        },
      }),
  },

  'POST /api/auth/register': {
    auth: 'public',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/auth/register',
        auth: 'public',
        spec: registerSpec(ctx),
        semantic: fc.oneof(
          // The address is taken (in any letter case, with spaces around): 409 before anything is written.
          fc
            .tuple(
              registerSpec(ctx).valid,
              fc.constantFrom(ctx.customerEmail, ctx.customerEmail.toUpperCase(), `  ${ctx.customerEmail} `),
              oddString,
            )
            .map(([b, email, name]) => ({
              body: { ...b, email, name: name.trim() === '' ? 'x' : name.slice(0, 90) },
              why: `taken email ${email}`,
            })),
          nulIn(registerSpec(ctx).valid, ['name']),
        ),
      }),
  },
  'POST /api/auth/login': {
    auth: 'public',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/auth/login',
        auth: 'public',
        spec: loginSpec(ctx),
        semantic: fc.oneof(
          fc.constantFrom(
            { body: { email: ctx.customerEmail, password: `${ctx.customerPassword}x` }, why: 'wrong password' },
            { body: { email: ctx.blockedEmail, password: ctx.blockedPassword }, why: 'blocked account' },
          ),
          fc.tuple(oddString, oddString, fc.string({ minLength: 1, maxLength: 20 })).map(([local, domain, password]) => {
            const clean = (s: string) => s.replace(/[\s@]/g, '') || 'x';
            return { body: { email: `${clean(local)}@${clean(domain)}`, password }, why: 'no such account' };
          }),
        ),
      }),
  },
  'POST /api/auth/google': {
    auth: 'public',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/auth/google',
        auth: 'public',
        spec: {
          valid: fc.constant({ token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' }),
          invalid: { token: fc.oneof(notAString, fc.constant(''), longString(4097, 9000)) },
          required: ['token'],
        },
        semantic: fc.oneof(
          fc.constantFrom(...ctx.forgedGoogleTokens).map((token) => ({ body: { token }, why: `forged Google token ${preview(token)}` })),
          oddString.filter((s) => s.length > 0).map((token) => ({ body: { token }, why: 'not a token' })),
        ),
      }),
  },
  'GET /api/auth/profile': { auth: 'user', cases: (ctx) => readRoute(ctx, { url: '/api/auth/profile', auth: 'user' }) },
  'PATCH /api/auth/profile': {
    auth: 'user',
    cases: (ctx) => {
      // Valid bodies only go with refused tokens: a good token with a valid body would change the profile.
      const valid = fc.record(
        { name: fc.constantFrom('Arta Krasniqi', 'Blerim'), phone: fc.constantFrom('', '044 123 456'), delivery: fc.option(goodDelivery) },
        { requiredKeys: ['name'] },
      );
      return bodyRoute(ctx, {
        method: 'PATCH',
        url: '/api/auth/profile',
        auth: 'user',
        spec: {
          valid,
          invalid: {
            name: fc.oneof(badText(100, ctx, { nonEmpty: true }), fc.constantFrom('Arta\u200bK')),
            phone: badPhone.filter((v) => v !== ''),
            delivery: badDelivery(ctx).filter((v) => v !== null),
          },
          required: ['name'],
        },
        semantic: nulIn(valid, ['name']),
      });
    },
  },
  'POST /api/auth/logout': { auth: 'public', cases: (ctx) => logoutRoute(ctx) },
  'POST /api/auth/logout-all': { auth: 'user', cases: (ctx) => sessionActionRoute(ctx, { url: '/api/auth/logout-all' }) },
  'POST /api/auth/resend-verification': { auth: 'user', cases: (ctx) => sessionActionRoute(ctx, { url: '/api/auth/resend-verification' }) },
  'POST /api/auth/change-password': {
    auth: 'user',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/auth/change-password',
        auth: 'user',
        spec: {
          // The current password is wrong for both good tokens, so even a valid body changes nothing.
          valid: fc.constant({ currentPassword: `${ctx.customerPassword}-not`, newPassword: 'Nje-fjalekalim-i-ri-9' }),
          invalid: {
            currentPassword: fc.oneof(notAString, fc.constant(''), longString(201, 900)),
            newPassword: fc.oneof(notAString, fc.constant(''), fc.string({ minLength: 1, maxLength: 7 }), longString(201, 600)),
          },
          required: ['currentPassword', 'newPassword'],
        },
        semantic: fc.oneof(
          fc.constant({
            body: { currentPassword: 'gabim-gabim-123', newPassword: 'Nje-fjalekalim-i-ri-9' },
            why: 'wrong current password',
          }),
          fc
            .constantFrom('12345678', 'password', 'qwertyuiop', ctx.customerEmail)
            .map((newPassword) => ({ body: { currentPassword: 'gabim-gabim-123', newPassword }, why: `weak new password ${newPassword}` })),
        ),
      }),
  },
  'POST /api/auth/forgot-password': {
    auth: 'public',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/auth/forgot-password',
        auth: 'public',
        spec: {
          valid: fc.constant({ email: 'nuk-ekziston@example.com' }),
          invalid: {
            email: fc.oneof(notAString, whitespaceOnly, emailWithoutAt, fc.constantFrom('a@b@c', 'a b@c', '@@'), longString(256, 900)),
          },
          required: ['email'],
        },
      }),
  },
  'POST /api/auth/reset-password': {
    auth: 'public',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/auth/reset-password',
        auth: 'public',
        spec: {
          valid: fc.constant({ token: 'A'.repeat(43), password: 'Nje-fjalekalim-i-ri-9' }),
          invalid: {
            token: badLinkToken,
            password: fc.oneof(notAString, fc.constant(''), fc.string({ minLength: 1, maxLength: 7 }), longString(201, 600)),
          },
          required: ['token', 'password'],
        },
        semantic: unknownLinkToken.map(({ token, why }) => ({ body: { token, password: 'Nje-fjalekalim-i-ri-9' }, why })),
      }),
  },
  'POST /api/auth/verify-email': {
    auth: 'public',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/auth/verify-email',
        auth: 'public',
        spec: { valid: fc.constant({ token: 'A'.repeat(43) }), invalid: { token: badLinkToken }, required: ['token'] },
        semantic: unknownLinkToken.map(({ token, why }) => ({ body: { token }, why })),
      }),
  },

  // Two-factor: nobody in the fuzz database has it on or pending, so every valid body is refused
  // too (setup for a non-admin, enable without a pending secret, disable when it is off).
  'POST /api/auth/2fa/setup': {
    auth: 'admin',
    cases: (ctx) => {
      const { good, refused } = authFor(ctx, 'admin');
      const anyBody = fc.option(
        fc.jsonValue({ maxDepth: 2 }).map((v) => json(v)),
        { nil: undefined },
      );
      const make = (auth: Record<string, string>, body: BodyPart | undefined, why: string) =>
        new FuzzRequest('POST', '/api/auth/2fa/setup', { ...auth, ...(body?.headers ?? {}) }, body?.payload, 'reject', why);
      return fc.oneof(
        fc.tuple(good, unreadableBody(ctx.bodyLimit, { emptyIsValid: true })).map(([a, b]) => make(a, b, b.why)),
        fc.tuple(refused!, anyBody).map(([a, b]) => make(a, b, `refused token ${preview(a.authorization ?? 'none')}`)),
      );
    },
  },
  'POST /api/auth/2fa/enable': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/auth/2fa/enable',
        auth: 'admin',
        spec: twoFactorEnableSpec(),
        semantic: fc
          .constantFrom('123456', '000000', 'abcde-fghjk', ' 123 456 ')
          .map((code) => ({ body: { code }, why: `no pending setup, code ${code}` })),
      }),
  },
  'POST /api/auth/2fa/disable': {
    auth: 'user',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/auth/2fa/disable',
        auth: 'user',
        spec: twoFactorCodeChangeSpec(ctx),
        semantic: fc
          .tuple(fc.constantFrom(ctx.customerPassword, 'wrong-password'), fc.constantFrom('123456', '999999', 'abcde-fghjk'))
          .map(([password, code]) => ({ body: { password, code }, why: 'two-factor is off' })),
      }),
  },
  'POST /api/auth/2fa/recovery-codes': {
    auth: 'user',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/auth/2fa/recovery-codes',
        auth: 'user',
        spec: twoFactorCodeChangeSpec(ctx),
        semantic: fc
          .tuple(
            fc.constantFrom<Json>({ password: ctx.customerPassword }, { password: 'wrong-password' }, {}),
            fc.constantFrom('123456', 'abcde-fghjk'),
          )
          .map(([proof, code]) => ({ body: { ...(proof as object), code }, why: 'two-factor is off' })),
      }),
  },

  'POST /api/orders': {
    auth: 'user',
    cases: (ctx) => {
      const unknownId = oddString
        .map((s) => s.slice(0, 150))
        .filter((s) => s.trim() !== '' && !ctx.products.some((p) => p.id.toLowerCase() === s.trim().toLowerCase()));
      const badKeys = fc.oneof(
        fc.constantFrom(
          'short',
          'a'.repeat(201),
          'key with space',
          'ключ-12345678',
          '../../etc/passwd',
          'abc;def=ghi',
          "' OR 1=1 --",
          'é'.repeat(10),
          '',
        ),
        fc
          .string({ unit: 'grapheme-ascii', minLength: 8, maxLength: 40 })
          .filter((s) => /[^A-Za-z0-9._:-]/.test(s) && /^[\x21-\x7e]+$/.test(s)),
      );
      return bodyRoute(ctx, {
        method: 'POST',
        url: '/api/orders',
        auth: 'user',
        spec: orderSpec(ctx),
        semantic: fc.oneof(
          fc.tuple(validOrder(ctx), unknownId).map(([b, id]) => {
            const items = [...(b.items as Json[]), { id, quantity: 1, price: 1 }];
            return { body: { ...b, items }, why: `unknown product ${preview(id)}` };
          }),
          validOrder(ctx).map((b) => {
            const [first] = b.items as { id: string; quantity: number; price: number }[];
            return {
              body: { ...b, items: [...(b.items as Json[]), { ...first!, id: first!.id.toUpperCase() }] },
              why: 'the same product twice',
            };
          }),
          validOrder(ctx).map((b) => ({ body: { ...b, total: Math.round(((b.total as number) + 0.01) * 100) / 100 }, why: 'wrong total' })),
          validOrder(ctx).map((b) => {
            const items = (b.items as { price: number }[]).map((l, i) =>
              i === 0 ? { ...l, price: Math.round((l.price + 1) * 100) / 100 } : l,
            );
            return { body: { ...b, items }, why: 'wrong price' };
          }),
          // Over the per-line cap (the schema allows up to 99): refused by the handler, nothing stored.
          fc.tuple(validOrder(ctx), fc.integer({ min: 11, max: 99 }), goodDelivery).map(([b, q, d]) => {
            const items = (b.items as { id: string; price: number }[]).map((l) => ({ ...l, quantity: q }));
            const total = items.reduce((s, l) => s + Math.round(l.price * 100) * q, 0) / 100;
            return { body: { items, total, fulfilment: 'delivery', delivery: d }, why: `${q} units of one product` };
          }),
          fc
            .tuple(validOrder(ctx), badKeys)
            .map(([b, key]) => ({ body: b, headers: { 'idempotency-key': key }, why: `bad Idempotency-Key ${preview(key)}` })),
          // A good key on an order the handler refuses: the key row goes back with the order.
          fc.tuple(validOrder(ctx), unknownId, fc.uuid()).map(([b, id, key]) => ({
            body: { ...b, items: [...(b.items as Json[]), { id, quantity: 1, price: 1 }] },
            headers: { 'idempotency-key': key },
            why: `fresh Idempotency-Key, unknown product ${preview(id)}`,
          })),
          // The customer's key of an earlier order, with another order: 422 (keys are per account).
          validOrder(ctx).map((b) => ({
            body: b,
            headers: { ...ctx.auth.customer, 'idempotency-key': ctx.usedIdempotencyKey },
            why: 'Idempotency-Key of another order',
          })),
        ),
      });
    },
  },
  'GET /api/orders/mine': { auth: 'user', cases: (ctx) => readRoute(ctx, { url: '/api/orders/mine', auth: 'user' }) },
  'GET /api/orders/settings': { auth: 'public', cases: (ctx) => readRoute(ctx, { url: '/api/orders/settings', auth: 'public' }) },
  'GET /api/orders/:id': {
    auth: 'user',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/orders/:id',
        auth: 'user',
        goodParam: fc.constantFrom(String(ctx.pendingOrderId), String(ctx.deliveredOrderId)),
        badParam: numericIds(ctx).bad,
      }),
  },
  'POST /api/orders/:id/cancel': {
    auth: 'user',
    cases: (ctx) =>
      deleteRoute(ctx, {
        method: 'POST',
        url: '/api/orders/:id/cancel',
        auth: 'user',
        // The customer's pending order is never cancelled here: every well-formed id is refused (404 or 409).
        goodParam: fc.constant(String(ctx.deliveredOrderId)),
        badParam: numericIds(ctx).bad,
        semantic: fc.oneof(
          numericIds(ctx).missing.map((id) => ({ param: id, why: 'no such order' })),
          fc.constant({ param: String(ctx.deliveredOrderId), why: 'order no longer pending (or another customer’s)' }),
        ),
      }),
  },

  'POST /api/guest-orders': {
    auth: 'public',
    cases: (ctx) => {
      const spec = guestOrderSpec(ctx);
      return bodyRoute(ctx, {
        method: 'POST',
        url: '/api/guest-orders',
        auth: 'public',
        spec,
        semantic: fc.oneof(
          spec.valid.map((b) => ({ body: { ...b, total: Math.round(((b.total as number) + 0.01) * 100) / 100 }, why: 'wrong total' })),
          spec.valid.map((b) => ({
            body: { ...b, items: [...(b.items as Json[]), { id: 'nuk-ekziston-kurre', quantity: 1, price: 1 }] },
            why: 'unknown product',
          })),
        ),
      });
    },
  },
  'GET /api/guest-orders/:token': {
    auth: 'public',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/guest-orders/:token',
        auth: 'public',
        goodParam: fc.constant(ctx.guestToken),
        badParam: badGuestTokens(ctx),
      }),
  },
  'POST /api/guest-orders/:token/cancel': {
    auth: 'public',
    cases: (ctx) =>
      deleteRoute(ctx, {
        method: 'POST',
        url: '/api/guest-orders/:token/cancel',
        auth: 'public',
        // The guest order is cancelled already: its own link is refused (409), any other is 404.
        goodParam: fc.constant(ctx.guestToken),
        badParam: badGuestTokens(ctx),
        semantic: fc.oneof(
          badGuestTokens(ctx).map((p) => ({ param: p, why: 'no such guest order' })),
          fc.constant({ param: ctx.guestToken, why: 'guest order no longer pending' }),
        ),
      }),
  },

  'GET /api/admin/users_new': { auth: 'admin', cases: (ctx) => readRoute(ctx, { url: '/api/admin/users_new', auth: 'admin' }) },
  'DELETE /api/admin/users_new/:id': {
    auth: 'admin',
    cases: (ctx) =>
      deleteRoute(ctx, {
        url: '/api/admin/users_new/:id',
        auth: 'admin',
        goodParam: fc.constantFrom(...ctx.userIds.map(String)),
        badParam: numericIds(ctx).bad,
        semantic: fc.oneof(
          numericIds(ctx).missing.map((id) => ({ param: id, why: 'no such user' })),
          fc.constant({ param: String(ctx.adminId), why: 'own account' }),
        ),
      }),
  },
  'PUT /api/admin/users_new/:id/role': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'PUT',
        url: '/api/admin/users_new/:id/role',
        auth: 'admin',
        spec: {
          valid: fc.constantFrom({ role: 'user' }, { role: 'admin' }, { role: 'staff' }),
          invalid: { role: fc.oneof(notAString, notOneOf(['user', 'admin', 'staff'])) },
          required: ['role'],
        },
        goodParam: fc.constantFrom(...ctx.userIds.map(String)),
        badParam: numericIds(ctx).bad,
        semantic: fc.oneof(
          fc
            .tuple(numericIds(ctx).missing, fc.constantFrom('user', 'admin', 'staff'))
            .map(([id, role]) => ({ param: id, body: { role }, why: 'no such user' })),
          fc.constant({ param: String(ctx.adminId), body: { role: 'user' }, why: 'own role' }),
          fc.constant({ param: String(ctx.adminId), body: { role: 'staff' }, why: 'own role to staff' }),
        ),
      }),
  },
  'PUT /api/admin/users_new/:id/block': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'PUT',
        url: '/api/admin/users_new/:id/block',
        auth: 'admin',
        emptyIsValid: true,
        spec: {
          valid: fc.constantFrom<Json>({ blocked: true }, { blocked: false }, {}),
          invalid: { blocked: notABoolean },
          required: [],
          nullIsValid: true,
        },
        goodParam: fc.constantFrom(...ctx.userIds.map(String)),
        badParam: numericIds(ctx).bad,
        semantic: fc.oneof(
          fc
            .tuple(numericIds(ctx).missing, fc.constantFrom<Json>({ blocked: true }, {}))
            .map(([id, body]) => ({ param: id, body, why: 'no such user' })),
          fc.constantFrom<Json>({ blocked: true }, {}).map((body) => ({ param: String(ctx.adminId), body, why: 'own account' })),
        ),
      }),
  },

  'POST /api/admin/users_new/:id/two-factor/clear': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/users_new/:id/two-factor/clear',
        auth: 'admin',
        emptyIsValid: true,
        spec: {
          valid: fc.constantFrom<Json>({ password: 'Ylberi-Prishtina-2026!' }, { googleToken: 'x.y.z' }, {}),
          invalid: badReauth,
          required: [],
        },
        goodParam: fc.constantFrom(...ctx.userIds.map(String)),
        badParam: numericIds(ctx).bad,
        semantic: fc.oneof(
          numericIds(ctx).missing.map((id) => ({
            param: id,
            body: { password: 'Ylberi-Prishtina-2026!' },
            why: 'no such user, wrong password',
          })),
          fc.constant({ param: String(ctx.adminId), body: { password: 'Ylberi-Prishtina-2026!' }, why: 'own account' }),
          fc.constantFrom(...ctx.userIds.map(String)).map((id) => ({ param: id, body: {}, why: 'no password' })),
        ),
      }),
  },

  'GET /api/admin/products': { auth: 'admin', cases: (ctx) => readRoute(ctx, { url: '/api/admin/products', auth: 'admin' }) },
  'POST /api/admin/products': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/products',
        auth: 'admin',
        spec: productSpec(ctx),
        semantic: nulIn(productSpec(ctx).valid, ['name', 'description']),
      }),
  },
  'POST /api/products': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/products',
        auth: 'admin',
        spec: productSpec(ctx),
        semantic: nulIn(productSpec(ctx).valid, ['name', 'description']),
      }),
  },
  'PUT /api/admin/products/:id': {
    auth: 'admin',
    cases: (ctx) => {
      const ids = ctx.products.map((p) => p.id);
      return bodyRoute(ctx, {
        method: 'PUT',
        url: '/api/admin/products/:id',
        auth: 'admin',
        spec: productSpec(ctx),
        goodParam: fc.constantFrom(...ids),
        badParam: fc.oneof(fc.constantFrom('%20', '%09', '%00'), oddSegment).filter((s) => {
          const d = decodeSegment(s);
          return d === null || d.trim() === '' || d.length > 200 || d.includes('\u0000') || !ids.includes(d.trim().toLowerCase());
        }),
        semantic: fc.oneof(
          fc.tuple(notAnId(ids), productSpec(ctx).valid).map(([id, body]) => ({ param: id, body, why: `no such product ${preview(id)}` })),
          nulIn(productSpec(ctx).valid, ['name', 'description']),
        ),
      });
    },
  },
  'DELETE /api/admin/products/:id': {
    auth: 'admin',
    cases: (ctx) => {
      const ids = ctx.products.map((p) => p.id);
      return deleteRoute(ctx, {
        url: '/api/admin/products/:id',
        auth: 'admin',
        goodParam: fc.constantFrom(...ids),
        badParam: fc.constantFrom('%20', '%09', '%', '%ZZ', '%ED%A0%80', 'a'.repeat(201), 'a'.repeat(3000)),
        semantic: notAnId(ids).map((id) => ({ param: id, why: `no such product ${preview(id)}` })),
      });
    },
  },

  // The catalogue as CSV (issue 27): the export reads only; the import's every case is refused.
  'GET /api/admin/products/export.csv': {
    auth: 'admin',
    cases: (ctx) => readRoute(ctx, { url: '/api/admin/products/export.csv', auth: 'admin' }),
  },
  'POST /api/admin/products/import': { auth: 'admin', cases: catalogueImportRoute },
  'GET /api/admin/products/:id/variants': {
    auth: 'admin',
    cases: (ctx) => {
      const ids = ctx.products.map((p) => p.id);
      return readRoute(ctx, {
        url: '/api/admin/products/:id/variants',
        auth: 'admin',
        goodParam: fc.constantFrom(...ids),
        badParam: fc.oneof(fc.constantFrom('%20', '%09', '%00', 'a'.repeat(201)), notAnId(ids)),
      });
    },
  },
  'PUT /api/admin/products/:id/variants': {
    auth: 'admin',
    cases: (ctx) => {
      const ids = ctx.products.map((p) => p.id);
      return bodyRoute(ctx, {
        method: 'PUT',
        url: '/api/admin/products/:id/variants',
        auth: 'admin',
        spec: variantsSpec(),
        goodParam: fc.constantFrom(...ids),
        badParam: fc.oneof(fc.constantFrom('%20', '%09', '%00', 'a'.repeat(201)), notAnId(ids)),
        semantic: fc.oneof(
          fc.tuple(notAnId(ids), variantsSpec().valid).map(([id, body]) => ({ param: id, body, why: `no such product ${preview(id)}` })),
          fc.constant({
            body: { options: [], variants: [{ values: [], sku: 'FUZZ-FOTO', price: 5, images: [2_000_000_000] }] },
            why: 'a photo that is not the product’s',
          }),
        ),
      });
    },
  },
  'POST /api/admin/products/:id/images': { auth: 'admin', cases: photoUploadRoute },
  'PUT /api/admin/products/:id/images': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'PUT',
        url: '/api/admin/products/:id/images',
        auth: 'admin',
        spec: photoOrderSpec(ctx),
        goodParam: fc.constant(ctx.photos.productId),
        badParam: notAnId([ctx.photos.productId, ...ctx.products.map((p) => p.id)]),
        semantic: wrongPhotoOrders(ctx).map((order) => ({ body: { order }, why: `order ${preview(order)}` })),
      }),
  },
  'DELETE /api/admin/images/:id': {
    auth: 'admin',
    cases: (ctx) =>
      deleteRoute(ctx, {
        url: '/api/admin/images/:id',
        auth: 'admin',
        goodParam: fc.constantFrom(...ctx.photos.ids.map(String)),
        badParam: numericIds(ctx).bad,
        semantic: numericIds(ctx).missing.map((id) => ({ param: id, why: 'no such photo' })),
      }),
  },
  'GET /api/images/:id/:file': {
    auth: 'public',
    cases: (ctx) => {
      const copies = ctx.photos.copies.map((c) => c.replace('/api/images/', ''));
      const [id, file] = copies[0]!.split('/');
      return readRoute(ctx, {
        url: '/api/images/:id',
        auth: 'public',
        goodParam: fc.constantFrom(...copies),
        badParam: fc.oneof(
          badNumericId.map((bad) => `${bad}/${file}`),
          fc.constantFrom(
            `${id}/${file!.replace(/^[0-9a-f]{16}/, '0000000000000000')}`,
            `${id}/${file!.replace(/-\d+\./, '-9999.')}`,
            `${id}/${file!.replace(/-\d+\./, '-1599.')}`,
            `${id}/${file!.replace('.webp', '.png')}`,
            `${id}/${file!.toUpperCase()}`,
            `${ctx.missingId}/${file}`,
          ),
          oddSegment.map((seg) => `${id}/${seg}`),
        ),
      });
    },
  },

  'GET /api/admin/orders': { auth: 'admin', cases: (ctx) => readRoute(ctx, { url: '/api/admin/orders', auth: 'admin' }) },
  'POST /api/admin/orders': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/orders',
        auth: 'admin',
        spec: chatOrderSpec(ctx),
        semantic: fc.constant({
          body: {
            channel: 'whatsapp',
            customer: { phone: '044 123 456', name: 'Arta Krasniqi' },
            items: [{ id: 'nuk-ekziston-kurre', quantity: 1 }],
          },
          why: 'unknown product',
        }),
      }),
  },
  'GET /api/admin/orders/search': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/orders/search',
        auth: 'admin',
        // Values each of status, page, pageSize, q, sort and dir refuses: longer than the 200 signs a search may have.
        query: {
          keys: ['status', 'page', 'pageSize', 'q', 'sort', 'dir'],
          bad: fc.tuple(fc.integer({ min: 201, max: 600 }), oddString).map(([n, tail]) => encodeSegment(`${'x'.repeat(n)}${tail}`)),
        },
      }),
  },
  'GET /api/admin/orders/:id': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/orders/:id',
        auth: 'admin',
        goodParam: fc.constant(String(ctx.deliveredOrderId)),
        badParam: fc.oneof(numericIds(ctx).bad, numericIds(ctx).missing),
      }),
  },
  'PATCH /api/admin/orders/:id': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'PATCH',
        url: '/api/admin/orders/:id',
        auth: 'admin',
        spec: {
          valid: fc.constantFrom(...staffOrderStatuses.map((status) => ({ status }))),
          invalid: {
            status: fc.oneof(notAString, notOneOf(staffOrderStatuses), fc.constant('pending')),
            // Issue 28: the IMEIs picked for the serialized lines.
            units: badOrderUnits,
            // Issue 30 (decision 043): the courier and tracking number of a sent order.
            courier: badText(60, ctx, { nonEmpty: true }),
            trackingNumber: fc.oneof(notAString, fc.constantFrom('', 'ab', '../x', 'a b c d', '-abc', 'x'.repeat(41)), withNul),
          },
          required: ['status'],
        },
        goodParam: fc.constant(String(ctx.pendingOrderId)),
        badParam: numericIds(ctx).bad,
        semantic: fc.oneof(
          fc.constantFrom('confirmed', 'cancelled', 'delivered').map((status) => ({
            body: { status, courier: 'Posta e Kosovës', trackingNumber: 'RR123456789XK' },
            why: 'a courier with a move other than shipped',
          })),
          fc.constant({ body: { status: 'shipped', courier: 'Posta e Kosovës' }, why: 'a courier without a tracking number' }),
          fc
            .tuple(fc.constantFrom(String(ctx.deliveredOrderId), String(ctx.missingId)), fc.constantFrom(...staffOrderStatuses))
            .map(([id, status]) => ({
              param: id,
              body: { status },
              why: id === String(ctx.missingId) ? 'no such order' : 'order already delivered (final)',
            })),
          fc.tuple(fc.constantFrom('confirmed', 'delivered'), validImei).map(([status, imei]) => ({
            body: { status, units: [{ line: 2_000_000_000, imeis: [imei] }] },
            why: 'IMEI for a line the order does not have',
          })),
        ),
      }),
  },
  // Issue 30 (decision 043): a transfer paid, a courier's cash received. The pending order is cash
  // and not sent: both are refused for it (409), like a missing order (404).
  ...Object.fromEntries(
    (['paid', 'cash-received'] as const).map((what) => [
      `POST /api/admin/orders/:id/${what}`,
      {
        auth: 'admin',
        cases: (ctx: FuzzContext) =>
          deleteRoute(ctx, {
            method: 'POST',
            url: `/api/admin/orders/:id/${what}`,
            auth: 'admin',
            goodParam: fc.constant(String(ctx.pendingOrderId)),
            badParam: numericIds(ctx).bad,
            semantic: fc.oneof(
              numericIds(ctx).missing.map((id) => ({ param: id, why: 'no such order' })),
              fc
                .constantFrom(String(ctx.pendingOrderId), String(ctx.deliveredOrderId))
                .map((id) => ({ param: id, why: `not due (${what})` })),
            ),
          }),
      } satisfies Endpoint,
    ]),
  ),
  // Issue 28: 'Pranim malli' and a variant's units.
  'POST /api/admin/units/receive': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/units/receive',
        auth: 'admin',
        spec: {
          valid: fc.record({
            variantId: fc.integer({ min: 1, max: 50 }),
            imeis: fc.array(validImei, { minLength: 1, maxLength: 3 }).map((list) => [...new Set(list)]),
            supplier: fc.constantFrom(undefined, 'Furnitori'),
            purchasePrice: fc.constantFrom(undefined, 0, 410.5),
          }) as fc.Arbitrary<Json>,
          invalid: {
            variantId: fc.oneof(notANumber, fc.constantFrom(0, -1, 1.5, 2_147_483_648), rawHuge),
            imeis: fc.oneof(
              notAnArrayOfText,
              fc.constant([]),
              fc.array(validImei, { minLength: 201, maxLength: 205 }),
              fc.array(badImei, { minLength: 1, maxLength: 3 }),
              validImei.map((imei) => [imei, imei]),
            ),
            supplier: badText(120, ctx),
            purchasePrice: fc.oneof(fc.constantFrom(-0.01, -1, 1.001, 1_000_001, '10'), rawNegative, rawHuge),
          },
          required: ['variantId', 'imeis'],
        },
        semantic: validImei.map((imei) => ({ body: { variantId: 2_000_000_000, imeis: [imei] }, why: 'no such variant' })),
      }),
  },
  'GET /api/admin/units': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/units',
        auth: 'admin',
        query: {
          keys: ['variantId', 'status', 'q'],
          bad: fc.oneof(
            fc.constantFrom('0', '-1', 'x', '1.5', '99999999999'),
            fc.integer({ min: 21, max: 60 }).map((n) => '9'.repeat(n)),
          ),
        },
      }),
  },
  // Issue 30 (decision 043): 'Cilësimet' (the owner's) and the storefront's contact details.
  'GET /api/admin/settings': { auth: 'admin', cases: (ctx) => readRoute(ctx, { url: '/api/admin/settings', auth: 'admin' }) },
  'PUT /api/admin/settings': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'PUT',
        url: '/api/admin/settings',
        auth: 'admin',
        spec: shopSettingsSpec(ctx),
      }),
  },
  'GET /api/settings/contact': { auth: 'public', cases: (ctx) => readRoute(ctx, { url: '/api/settings/contact', auth: 'public' }) },
  // Issue 28: the counter sale 'Shitje në dyqan' (decision 044).
  'POST /api/admin/counter-sales': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/counter-sales',
        auth: 'admin',
        spec: {
          valid: fc.record({
            receiptNo: fc.constantFrom('FK-1', ' 000123 '),
            lines: fc.array(
              fc.record({
                variantId: fc.integer({ min: 2_000_000_000, max: 2_100_000_000 }),
                quantity: fc.integer({ min: 1, max: 99 }),
                discount: fc.constantFrom(undefined, 0, 1.5),
              }),
              { minLength: 1, maxLength: 3 },
            ),
            payment: fc.record({ cashGiven: fc.constantFrom(0, 10, 1000.5), pos: fc.constantFrom(undefined, 0, 5) }),
          }) as fc.Arbitrary<Json>,
          invalid: {
            receiptNo: fc.oneof(badText(40, ctx, { nonEmpty: true }), fc.constantFrom('FK\u0000', 'a\nb')),
            lines: fc.oneof(
              notAnArrayOfText,
              fc.constant([]),
              fc.constantFrom(
                [{ variantId: 1, quantity: 0 }],
                [{ variantId: 1, quantity: -1 }],
                [{ variantId: 1, quantity: 100 }],
                [{ variantId: 1, quantity: 1.5 }],
                [{ variantId: 0, quantity: 1 }],
                [{ variantId: 1, quantity: 1, discount: -1 }],
                [{ variantId: 1, quantity: 1, discount: 0.001 }],
                [{ variantId: 1, quantity: 2, imei: '490154203237518' }],
                [
                  { variantId: 1, quantity: 1, imei: '490154203237518' },
                  { variantId: 1, quantity: 1, imei: '490154203237518' },
                ],
              ),
              badImei.map((imei) => [{ variantId: 1, quantity: 1, imei }]),
              fc.array(fc.constant({ variantId: 1, quantity: 1 }), { minLength: 51, maxLength: 55 }),
            ),
            payment: fc.oneof(
              notAString.filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
              fc.constantFrom({ cashGiven: -1 }, { pos: 1.001 }, { transfer: '10' }, { cashGiven: 1_000_001 }),
              rawNegative.map((n) => ({ cashGiven: n })),
            ),
            customer: fc.constantFrom(
              'walk-in',
              { userId: 0 },
              { name: 'A' },
              { name: 'Arta', phone: '12' },
              { phone: '044 123 456' },
              { name: 'x'.repeat(121) },
            ),
          },
          required: ['receiptNo', 'lines', 'payment'],
        },
        semantic: fc.oneof(
          fc.constant({
            body: { receiptNo: 'FK', lines: [{ variantId: 2_000_000_000, quantity: 1 }], payment: { cashGiven: 1 } },
            why: 'no such variant',
          }),
          fc.constant({
            body: {
              receiptNo: 'FK',
              lines: [{ variantId: 2_000_000_000, quantity: 1 }],
              customer: { userId: 2_000_000_000 },
              payment: { pos: 1 },
            },
            why: 'no such variant nor customer',
          }),
        ),
      }),
  },
  // Issue 29 (decision 050): 'Ulje me afat', the owner's scheduled sale prices.
  'GET /api/admin/sale-prices': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/sale-prices',
        auth: 'admin',
        query: { keys: ['productId'], bad: fc.constantFrom('', '   ', 'x'.repeat(201)) },
      }),
  },
  'POST /api/admin/sale-prices': {
    auth: 'admin',
    cases: (ctx) => {
      const day = 86_400_000;
      const later = (days: number) => new Date(Date.now() + days * day).toISOString();
      const valid = fc.record({
        productId: fc.constantFrom(...ctx.products.map((p) => p.id)),
        // No variant has such an id: even a valid body is refused, so nothing is ever stored.
        variantIds: fc.constant([2_000_000_000]),
        price: fc.constantFrom(1, 9.99, 100.5),
        startsAt: fc.constant(later(400)),
        endsAt: fc.constant(later(401)),
      }) as fc.Arbitrary<Json>;
      return bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/sale-prices',
        auth: 'admin',
        spec: {
          valid,
          invalid: {
            productId: badText(200, ctx, { nonEmpty: true }),
            variantIds: fc.oneof(
              notAnArrayOfText,
              fc.constantFrom([], [0], [-1], [1.5], ['1'], [1, 1], [2_147_483_648]),
              fc.constant(Array.from({ length: 201 }, (_, i) => i + 1)),
            ),
            price: fc.oneof(notANumber, fc.constantFrom(0, -1, 0.001, 19.999, 1_000_001), rawNegative),
            percent: fc.oneof(notANumber, fc.constantFrom(0, 1, 10, 91, 100, 12.5, -5)),
            oldPrice: fc.oneof(notANumberNorNull, fc.constantFrom(0, -1, 0.001)),
            startsAt: fc.oneof(notAString, fc.constantFrom('', '2026-12-01T10:00', '2026-13-01T10:00:00Z', 'nesër', later(402)), withNul),
            endsAt: fc.oneof(notAString, fc.constantFrom('', '2026-12-01', '1999-01-01T00:00:00Z', later(399), later(400), later(800))),
          },
          required: ['productId', 'variantIds', 'startsAt', 'endsAt'],
        },
        semantic: fc.oneof(
          fc.constant({
            body: { productId: 'nuk-ekziston-fare', variantIds: [1], price: 1, startsAt: later(1), endsAt: later(2) },
            why: 'no such product',
          }),
          fc.constantFrom(...ctx.products.map((p) => p.id)).map((productId) => ({
            body: { productId, variantIds: [2_000_000_000], percent: 10, startsAt: later(1), endsAt: later(2) },
            why: 'no such variant of the product',
          })),
          fc.constantFrom(...ctx.products.map((p) => p.id)).map((productId) => ({
            body: {
              productId,
              variantIds: [1],
              price: 1,
              startsAt: new Date(Date.now() - 2 * day).toISOString(),
              endsAt: new Date(Date.now() - day).toISOString(),
            },
            why: 'an end in the past',
          })),
        ),
      });
    },
  },
  'POST /api/admin/sale-prices/:id/cancel': {
    auth: 'admin',
    cases: (ctx) =>
      deleteRoute(ctx, {
        method: 'POST',
        url: '/api/admin/sale-prices/:id/cancel',
        auth: 'admin',
        // No schedule exists in the fixture: every well-formed id is refused (404).
        goodParam: numericIds(ctx).missing,
        badParam: numericIds(ctx).bad,
        semantic: numericIds(ctx).missing.map((id) => ({ param: id, why: 'no such schedule' })),
      }),
  },
  'POST /api/admin/counter-sales/:id/returns': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/counter-sales/:id/returns',
        auth: 'admin',
        spec: {
          valid: fc.record({
            lines: fc.constant([{ lineId: 2_000_000_000, quantity: 1 }]),
            restock: fc.boolean(),
            refundMethod: fc.constantFrom('cash', 'pos', 'transfer'),
            reason: fc.constantFrom('I papërdorur', 'Nuk i pëlqeu ngjyra'),
          }) as fc.Arbitrary<Json>,
          invalid: {
            lines: fc.oneof(
              notAnArrayOfText,
              fc.constant([]),
              fc.constantFrom(
                [{ lineId: 0, quantity: 1 }],
                [{ lineId: 1, quantity: 0 }],
                [{ lineId: 1, quantity: -1 }],
                [{ lineId: 1, quantity: 1.5 }],
                [{ lineId: 1, quantity: 100 }],
                [
                  { lineId: 1, quantity: 1 },
                  { lineId: 1, quantity: 1 },
                ],
              ),
            ),
            restock: notABoolean,
            refundMethod: fc.oneof(notAString, fc.constantFrom('card', 'CASH', '')),
            reason: fc.oneof(badText(300, ctx, { nonEmpty: true }), fc.constantFrom('ab', 'a\u0000b')),
            overrideReason: fc.oneof(badText(300, ctx, { nonEmpty: true }), fc.constantFrom('abcd')),
          },
          required: ['lines', 'restock', 'refundMethod', 'reason'],
        },
        goodParam: numericIds(ctx).missing,
        badParam: numericIds(ctx).bad,
        semantic: fc.constant({
          param: String(ctx.missingId),
          body: { lines: [{ lineId: 1, quantity: 1 }], restock: true, refundMethod: 'cash', reason: 'I papërdorur' },
          why: 'no such sale',
        }),
      }),
  },
  'GET /api/admin/counter-sales': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/counter-sales',
        auth: 'admin',
        query: { keys: ['q'], bad: fc.integer({ min: 61, max: 200 }).map((n) => 'a'.repeat(n)) },
      }),
  },
  'GET /api/admin/counter-sales/lookup': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/counter-sales/lookup',
        auth: 'admin',
        query: {
          keys: ['q'],
          bad: fc.oneof(
            fc.constantFrom('', '%20%20'),
            fc.integer({ min: 61, max: 200 }).map((n) => 'a'.repeat(n)),
          ),
        },
      }),
  },
  'GET /api/admin/counter-sales/customers': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/counter-sales/customers',
        auth: 'admin',
        query: {
          keys: ['q'],
          bad: fc.oneof(
            fc.constantFrom('', 'ab', '%20a%20'),
            fc.integer({ min: 61, max: 200 }).map((n) => 'a'.repeat(n)),
          ),
        },
      }),
  },
  'POST /api/gift-cards/balance': {
    auth: 'public',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/gift-cards/balance',
        auth: 'public',
        spec: { valid: fc.constant({ code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' }), invalid: { code: badGiftCode }, required: ['code'] },
        // A code no card has: the same 404 as a card with nothing left.
        semantic: fc
          .array(fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'), { minLength: 16, maxLength: 16 })
          .map((cs) => ({ body: { code: cs.join('') }, why: 'no such card' })),
      }),
  },
  'GET /api/admin/gift-cards': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/gift-cards',
        auth: 'admin',
        query: { keys: ['q'], bad: fc.integer({ min: 5, max: 200 }).map((n) => 'a'.repeat(n)) },
      }),
  },
  'GET /api/admin/gift-cards/:id': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/gift-cards/:id',
        auth: 'admin',
        goodParam: numericIds(ctx).missing,
        badParam: numericIds(ctx).bad,
      }),
  },
  'POST /api/admin/gift-cards': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/gift-cards',
        auth: 'admin',
        spec: {
          valid: fc.record({
            value: fc.constantFrom(10, 25.5, 50),
            reason: fc.constantFrom('Kredi dyqani', 'Çmim i lojës'),
          }) as fc.Arbitrary<Json>,
          invalid: {
            value: fc.oneof(notANumberNorNull, fc.constantFrom(0, -1, 2000.01, 1.001, 0.005), rawHuge, rawNegative),
            reason: fc.oneof(badText(300, ctx, { nonEmpty: true }), fc.constantFrom('ab', 'a\u0000b')),
          },
          required: ['value', 'reason'],
        },
      }),
  },
  'POST /api/admin/gift-cards/:id/adjust': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/gift-cards/:id/adjust',
        auth: 'admin',
        goodParam: numericIds(ctx).missing,
        badParam: numericIds(ctx).bad,
        spec: {
          valid: fc.record({
            amount: fc.constantFrom(-5, 10),
            reason: fc.constantFrom('Gabim në shumë', 'Kompensim'),
          }) as fc.Arbitrary<Json>,
          invalid: {
            amount: fc.oneof(notANumberNorNull, fc.constantFrom(0, 2000.01, -2000.01, 1.001, 0.005), rawHuge, rawNegative),
            reason: fc.oneof(badText(300, ctx, { nonEmpty: true }), fc.constantFrom('ab')),
          },
          required: ['amount', 'reason'],
        },
        // A card that does not exist.
        semantic: fc.constant({ body: { amount: 5, reason: 'Kompensim' }, why: 'no such card' }),
      }),
  },
  'GET /api/admin/counter-sales/:id': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/counter-sales/:id',
        auth: 'admin',
        goodParam: numericIds(ctx).missing,
        badParam: numericIds(ctx).bad,
      }),
  },
  // Decision 051: 'Mbyllja e ditës' and the returns of delivered online orders.
  'GET /api/admin/day-close': {
    auth: 'admin',
    volatile: true,
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/day-close',
        auth: 'admin',
        query: { keys: ['till', 'day'], bad: fc.oneof(badDay, fc.constantFrom('Arka%209', 'arka%201', '2999-01-01')) },
      }),
  },
  'POST /api/admin/day-close': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/day-close',
        auth: 'admin',
        spec: {
          // A day still to come: even a body the schema takes closes nothing.
          valid: fc.record({
            till: fc.constantFrom('Arka 1', 'Arka 2'),
            day: fc.constantFrom('2999-01-01', '2998-12-31'),
            countedCash: fc.constantFrom(0, 150.5),
          }) as fc.Arbitrary<Json>,
          invalid: {
            till: fc.oneof(notAString, notOneOf(['Arka 1', 'Arka 2'])),
            day: fc.oneof(notAString, badDay),
            countedCash: fc.oneof(notANumber, fc.constantFrom(-1, -0.01, 10.005, 1_000_001), rawHuge, rawNegative),
            openingFloat: fc.oneof(notANumber, fc.constantFrom(-1, 0.001), rawHuge),
            note: fc.oneof(notAString, longString(301, 600), fc.constant('a\u0000b')),
          },
          required: ['till', 'day', 'countedCash'],
        },
        semantic: fc.constant({ body: { till: 'Arka 1', day: '2999-01-01', countedCash: 10 }, why: 'a day still to come' }),
      }),
  },
  'GET /api/admin/day-closes': {
    auth: 'admin',
    volatile: true,
    cases: (ctx) => readRoute(ctx, { url: '/api/admin/day-closes', auth: 'admin' }),
  },
  'GET /api/admin/day-closes/:id': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/day-closes/:id',
        auth: 'admin',
        goodParam: numericIds(ctx).missing,
        badParam: numericIds(ctx).bad,
      }),
  },
  'GET /api/admin/orders/:id/after-sale': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/orders/:id/after-sale',
        auth: 'admin',
        goodParam: numericIds(ctx).missing,
        badParam: numericIds(ctx).bad,
      }),
  },
  'GET /api/admin/repairs/:id/sale': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/repairs/:id/sale',
        auth: 'admin',
        goodParam: numericIds(ctx).missing,
        badParam: numericIds(ctx).bad,
      }),
  },
  'POST /api/admin/orders/:id/returns': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/orders/:id/returns',
        auth: 'admin',
        spec: {
          valid: fc.record({
            lines: fc.constant([{ itemId: 2_000_000_000, quantity: 1 }]),
            restock: fc.boolean(),
            refundMethod: fc.constantFrom('cash', 'pos', 'transfer'),
            reason: fc.constantFrom('I papërdorur', 'Nuk i pëlqeu ngjyra'),
          }) as fc.Arbitrary<Json>,
          invalid: {
            lines: fc.oneof(
              notAnArrayOfText,
              fc.constant([]),
              fc.constantFrom(
                [{ itemId: 0, quantity: 1 }],
                [{ itemId: 1, quantity: 0 }],
                [{ itemId: 1, quantity: 1.5 }],
                [{ itemId: 1, quantity: 1, imeis: ['123'] }],
                [{ itemId: 1, quantity: 1, imeis: 'x' }],
                [
                  { itemId: 1, quantity: 1 },
                  { itemId: 1, quantity: 1 },
                ],
              ),
            ),
            restock: notABoolean,
            refundMethod: fc.oneof(notAString, fc.constantFrom('card', 'CASH', '')),
            till: fc.oneof(notAString, notOneOf(['Arka 1', 'Arka 2'])),
            reason: fc.oneof(badText(300, ctx, { nonEmpty: true }), fc.constantFrom('ab', 'a\u0000b')),
            overrideReason: fc.oneof(badText(300, ctx, { nonEmpty: true }), fc.constantFrom('abcd')),
          },
          required: ['lines', 'restock', 'refundMethod', 'reason'],
        },
        goodParam: numericIds(ctx).missing,
        badParam: numericIds(ctx).bad,
        semantic: fc.constant({
          param: String(ctx.missingId),
          body: { lines: [{ itemId: 1, quantity: 1 }], restock: true, refundMethod: 'cash', reason: 'I papërdorur' },
          why: 'no such order',
        }),
      }),
  },
  'GET /api/admin/stats': { auth: 'admin', volatile: true, cases: (ctx) => readRoute(ctx, { url: '/api/admin/stats', auth: 'admin' }) },

  'GET /api/admin/warranty/provemua': {
    auth: 'admin',
    cases: (ctx) => readRoute(ctx, { url: '/api/admin/warranty/provemua', auth: 'admin' }),
  },
  'GET /api/admin/warranty': { auth: 'admin', cases: (ctx) => readRoute(ctx, { url: '/api/admin/warranty', auth: 'admin' }) },
  'POST /api/admin/warranty': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/warranty',
        auth: 'admin',
        spec: warrantySpec(ctx),
        semantic: nulIn(warrantySpec(ctx).valid, ['emri', 'mbiemri', 'komente']),
      }),
  },
  'PUT /api/admin/warranty/:id': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'PUT',
        url: '/api/admin/warranty/:id',
        auth: 'admin',
        spec: warrantySpec(ctx),
        goodParam: fc.constant(String(ctx.draftSheetId)),
        badParam: numericIds(ctx).bad,
        semantic: fc.oneof(
          fc.tuple(fc.constantFrom(String(ctx.printedSheetId), String(ctx.missingId)), warrantySpec(ctx).valid).map(([id, body]) => ({
            param: id,
            body,
            why: id === String(ctx.missingId) ? 'no such sheet' : 'sheet already printed',
          })),
          nulIn(warrantySpec(ctx).valid, ['emri', 'komente']),
        ),
      }),
  },
  'DELETE /api/admin/warranty/:id': {
    auth: 'admin',
    cases: (ctx) =>
      deleteRoute(ctx, {
        url: '/api/admin/warranty/:id',
        auth: 'admin',
        goodParam: fc.constantFrom(String(ctx.draftSheetId), String(ctx.printedSheetId)),
        badParam: numericIds(ctx).bad,
        semantic: numericIds(ctx).missing.map((id) => ({ param: id, why: 'no such sheet' })),
      }),
  },
  'POST /api/admin/warranty/:id/print': {
    auth: 'admin',
    cases: (ctx) =>
      deleteRoute(ctx, {
        method: 'POST',
        url: '/api/admin/warranty/:id/print',
        auth: 'admin',
        goodParam: fc.constant(String(ctx.printedSheetId)),
        badParam: numericIds(ctx).bad,
        semantic: fc.oneof(
          numericIds(ctx).missing.map((id) => ({ param: id, why: 'no such sheet' })),
          fc.constant({ param: String(ctx.draftSheetId), why: 'a draft is not printed' }),
        ),
      }),
  },
  'GET /api/admin/audit': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/audit',
        auth: 'admin',
        // Values each of page, actor and kind refuses (a page and an admin are positive integers in digits, a kind is one of the list).
        query: {
          keys: ['page', 'actor', 'kind'],
          bad: fc.oneof(
            fc.constantFrom(
              '',
              '0',
              '-1',
              '1.5',
              '1e3',
              '0x1',
              '%201',
              '01',
              '99999999999',
              'abc',
              '__proto__',
              'USER.DELETE',
              'user.delete%00',
            ),
            oddString.filter((v) => !/^[1-9]\d{0,5}$/.test(v) && !isAuditKind(v)).map(encodeSegment),
          ),
        },
      }),
  },

  // The repair counter (issue 16).
  'GET /api/admin/repairs': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/repairs',
        auth: 'admin',
        // Values each of the query's keys refuses: longer than the 100 signs a search may have, and no status, flag or number.
        query: {
          keys: ['status', 'open', 'q', 'warrantySheetId', 'page', 'pageSize'],
          bad: fc.tuple(fc.integer({ min: 101, max: 600 }), oddString).map(([n, tail]) => encodeSegment(`${'x'.repeat(n)}${tail}`)),
        },
      }),
  },
  'POST /api/admin/repairs': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/repairs',
        auth: 'admin',
        spec: repairCreateSpec(ctx),
        semantic: fc.oneof(
          fc.constant({ body: { ...completeRepairIntake, userId: ctx.missingId }, why: 'no such customer' }),
          fc.constantFrom(ctx.missingId, ctx.draftSheetId).map((id) => ({
            body: { ...completeRepairIntake, warrantySheetId: id },
            why: id === ctx.missingId ? 'no such sheet' : 'a draft sheet',
          })),
          fc.constant({
            body: { ...completeRepairIntake, imei: '35111122223333', warrantySheetId: ctx.printedSheetId },
            why: 'another device than the sheet’s',
          }),
          nulIn(fc.constant({ ...completeRepairIntake }), ['customerName', 'fault', 'technician']),
        ),
      }),
  },
  'GET /api/admin/repairs/:id': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/repairs/:id',
        auth: 'admin',
        goodParam: fc.constantFrom(String(ctx.openRepairId), String(ctx.closedRepairId)),
        badParam: fc.oneof(numericIds(ctx).bad, numericIds(ctx).missing),
      }),
  },
  'PATCH /api/admin/repairs/:id': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'PATCH',
        url: '/api/admin/repairs/:id',
        auth: 'admin',
        spec: {
          valid: fc.constantFrom<Json>({ fault: 'Defekt tjetër.' }, { technician: 'Drita', estimate: 150 }, { pin: '' }),
          invalid: repairFieldSpec(ctx),
          required: [],
          defects: fc.constant({ apply: (b: Json) => ({ ...b, estimate: 50, deposit: 60 }), why: 'deposit above the estimate' }),
        },
        goodParam: fc.constant(String(ctx.openRepairId)),
        badParam: numericIds(ctx).bad,
        semantic: fc.oneof(
          fc.constantFrom(String(ctx.closedRepairId), String(ctx.missingId)).map((id) => ({
            param: id,
            body: { fault: 'Defekt tjetër.' },
            why: id === String(ctx.missingId) ? 'no such ticket' : 'a closed ticket',
          })),
          // The open ticket's deposit (20 €) is above the estimate asked for.
          fc.constant({ param: String(ctx.openRepairId), body: { estimate: 10 }, why: 'estimate below the deposit' }),
          nulIn(fc.constant({ fault: 'Defekt tjetër.' }), ['fault', 'technician']).map((s) => ({ ...s, param: String(ctx.openRepairId) })),
        ),
      }),
  },
  'POST /api/admin/repairs/:id/status': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/admin/repairs/:id/status',
        auth: 'admin',
        spec: {
          valid: fc.record(
            {
              status: fc.constantFrom(...repairStatuses),
              note: fc.constantFrom('', 'Shënim'),
              customerNote: fc.constantFrom('', 'Për klientin'),
            },
            { requiredKeys: ['status'] },
          ),
          invalid: {
            status: fc.oneof(notAString, notOneOf(repairStatuses)),
            note: badText(500, ctx),
            customerNote: badText(500, ctx),
            estimate: badAmount,
            finalPrice: badAmount,
            payment: fc.oneof(notAString, notOneOf(['Cash', 'POS', 'Transfer Bankar'])),
            warrantyMonths: fc.oneof(notANumberNorNull, fc.constantFrom(-1, 25, 1.5, 1e9), rawHuge),
            warrantyNote: badText(120, ctx),
          },
          required: ['status'],
        },
        goodParam: fc.constant(String(ctx.openRepairId)),
        badParam: numericIds(ctx).bad,
        semantic: fc.oneof(
          // The open ticket was just received: only 'diagnosing' and 'cancelled' follow, and those are never sent.
          fc
            .constantFrom(...repairStatuses.filter((s) => s !== 'diagnosing' && s !== 'cancelled'))
            .map((status) => ({ param: String(ctx.openRepairId), body: { status }, why: `received -> ${status}` })),
          fc
            .tuple(fc.constantFrom(String(ctx.closedRepairId), String(ctx.missingId)), fc.constantFrom(...repairStatuses))
            .map(([id, status]) => ({
              param: id,
              body: { status },
              why: id === String(ctx.missingId) ? 'no such ticket' : 'a closed ticket',
            })),
          fc.constant({ param: String(ctx.unpricedRepairId), body: { status: 'awaiting-approval' }, why: 'no estimate to approve' }),
          // A hand-over without its price, payment or warranty.
          fc.constantFrom({ finalPrice: 10 }, { finalPrice: 10, payment: 'POS' }, { payment: 'POS', warrantyMonths: 3 }).map((b) => ({
            param: String(ctx.openRepairId),
            body: { status: 'delivered', ...b },
            why: 'a hand-over missing a field',
          })),
        ),
      }),
  },
  'GET /api/admin/repairs/:id/pin': {
    auth: 'admin',
    // Every read of a PIN writes an audit entry: only requests it must refuse are sent.
    cases: (ctx) =>
      fc.oneof(
        fc
          .tuple(fc.oneof(numericIds(ctx).bad, numericIds(ctx).missing), fc.option(junkQuery(), { nil: undefined }))
          .map(
            ([id, q]) =>
              new FuzzRequest(
                'GET',
                withQuery(`/api/admin/repairs/${id}/pin`, q),
                ctx.auth.admin,
                undefined,
                'reject',
                `bad id ${preview(id)}`,
              ),
          ),
        fc
          .constantFrom(...ctx.auth.refusedForAdmin)
          .map(
            (a) =>
              new FuzzRequest(
                'GET',
                `/api/admin/repairs/${ctx.openRepairId}/pin`,
                a,
                undefined,
                'reject',
                `refused token ${preview(a.authorization ?? 'none')}`,
              ),
          ),
      ),
  },
  'POST /api/repairs/track': {
    auth: 'public',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'POST',
        url: '/api/repairs/track',
        auth: 'public',
        spec: repairTrackSpec(),
        semantic: fc.oneof(
          fc
            .tuple(unknownTicketCode(ctx), fc.constantFrom('3456', '044 987 654'))
            .map(([code, proof]) => ({ body: { code, proof }, why: 'no such code' })),
          wrongProof.map((proof) => ({ body: { code: ctx.openRepairCode, proof }, why: `wrong proof ${proof}` })),
        ),
      }),
  },
  'POST /api/repairs/track/answer': {
    auth: 'public',
    cases: (ctx) => {
      const spec = repairTrackSpec();
      return bodyRoute(ctx, {
        method: 'POST',
        url: '/api/repairs/track/answer',
        auth: 'public',
        spec: {
          valid: spec.valid.map((b) => ({ ...b, approve: true, amount: 120 })),
          invalid: { ...spec.invalid, approve: notABoolean, amount: badAmount },
          required: [...spec.required, 'approve'],
        },
        semantic: fc.oneof(
          fc
            .tuple(unknownTicketCode(ctx), fc.boolean())
            .map(([code, approve]) => ({ body: { code, proof: '3456', approve }, why: 'no such code' })),
          fc
            .tuple(wrongProof, fc.boolean())
            .map(([proof, approve]) => ({ body: { code: ctx.openRepairCode, proof, approve }, why: `wrong proof ${proof}` })),
          // The right code and proof, but no estimate waits for an answer: 409.
          fc.boolean().map((approve) => ({
            body: { code: ctx.openRepairCode, proof: ctx.openRepairProof, approve, amount: 120 },
            why: 'not awaiting approval',
          })),
          // An approval that names no amount.
          fc.constant({
            body: { code: ctx.openRepairCode, proof: ctx.openRepairProof, approve: true },
            why: 'approval without its amount',
          }),
        ),
      });
    },
  },
  // The admin's paged lists, the range statistics and the CSV exports (decision 021).
  'GET /api/admin/products/search': { auth: 'admin', cases: (ctx) => listRoute(ctx, '/api/admin/products/search') },
  'GET /api/admin/users_new/search': { auth: 'admin', cases: (ctx) => listRoute(ctx, '/api/admin/users_new/search') },
  'GET /api/admin/warranty/search': { auth: 'admin', cases: (ctx) => listRoute(ctx, '/api/admin/warranty/search') },
  // Without a range: the last 30 days, which change with the date.
  'GET /api/admin/stats/range': {
    auth: 'admin',
    volatile: true,
    cases: (ctx) => readRoute(ctx, { url: '/api/admin/stats/range', auth: 'admin', query: { keys: ['from', 'to'], bad: badDay } }),
  },
  ...Object.fromEntries(
    exportKinds.map((kind): [string, Endpoint] => [
      `GET /api/admin/export/${kind}.csv`,
      // Without from and to the answer is 400 ('from' missing): junk keys must not change that.
      {
        auth: 'admin',
        cases: (ctx) =>
          readRoute(ctx, { url: `/api/admin/export/${kind}.csv`, auth: 'admin', query: { keys: ['from', 'to'], bad: badDay } }),
      },
    ]),
  ),

  // The OpenAPI document and its browsable page (@fastify/swagger-ui).
  'GET /api/docs': docsRoute('/api/docs'),
  'GET /api/docs/json': docsRoute('/api/docs/json'),
  'GET /api/docs/yaml': docsRoute('/api/docs/yaml'),
  'GET /api/docs/static/index.html': docsRoute('/api/docs/static/index.html'),
  'GET /api/docs/static/swagger-initializer.js': docsRoute('/api/docs/static/swagger-initializer.js'),
  // The mail outbox ('E-mailet'). The list changes whenever a request queues a mail: compare statuses only.
  'GET /api/admin/reviews': {
    auth: 'admin',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/admin/reviews',
        auth: 'admin',
        query: {
          keys: ['page', 'visibility'],
          bad: fc.oneof(
            fc.constantFrom('0', '-1', '1.5', '1e3', 'x', '%20', 'Hidden', 'VISIBLE', '%00', '__proto__', '9999999'),
            oddString.filter((v) => !/^\d{1,6}$/.test(v) && !['', 'visible', 'hidden'].includes(v)).map(encodeSegment),
          ),
        },
      }),
  },
  'PATCH /api/admin/reviews/:id': {
    auth: 'admin',
    cases: (ctx) =>
      bodyRoute(ctx, {
        method: 'PATCH',
        url: '/api/admin/reviews/:id',
        auth: 'admin',
        spec: {
          valid: fc.constantFrom({ hidden: true }, { hidden: false }),
          invalid: { hidden: notABoolean },
          required: ['hidden'],
        },
        goodParam: fc.constant(String(ctx.reviewId)),
        badParam: numericIds(ctx).bad,
        semantic: fc
          .tuple(numericIds(ctx).missing, fc.boolean())
          .map(([id, hidden]) => ({ param: id, body: { hidden }, why: 'no such review' })),
      }),
  },
  // Every read of the outbox writes an audit entry (decision 026): only requests it must refuse are sent.
  'GET /api/admin/outbox': {
    auth: 'admin',
    volatile: true,
    cases: (ctx) =>
      fc.oneof(
        fc
          .tuple(
            fc.constantFrom('page', 'status'),
            fc.oneof(
              fc.constantFrom('0', '-1', '1.5', '1e3', 'x', '%20', 'Sent', 'FAILED', '%00', '__proto__', '9999999'),
              oddString.filter((v) => !/^\d{1,6}$/.test(v) && !['', 'pending', 'sent', 'failed'].includes(v)).map(encodeSegment),
            ),
          )
          .map(
            ([key, value]) =>
              new FuzzRequest(
                'GET',
                `/api/admin/outbox?${key}=${value}`,
                ctx.auth.admin,
                undefined,
                'reject',
                `bad ${key} ${preview(value)}`,
              ),
          ),
        fc
          .constantFrom(...ctx.auth.refusedForAdmin)
          .map(
            (a) =>
              new FuzzRequest('GET', '/api/admin/outbox', a, undefined, 'reject', `refused token ${preview(a.authorization ?? 'none')}`),
          ),
      ),
  },
  'POST /api/admin/outbox/:id/retry': {
    auth: 'admin',
    cases: (ctx) =>
      deleteRoute(ctx, {
        method: 'POST',
        url: '/api/admin/outbox/:id/retry',
        auth: 'admin',
        // No failed mail exists in the fixture: every well-formed id is refused (404 or 409).
        goodParam: numericIds(ctx).missing,
        badParam: numericIds(ctx).bad,
        semantic: numericIds(ctx).missing.map((id) => ({ param: id, why: 'no such mail' })),
      }),
  },
  'GET /api/docs/static/*': {
    auth: 'public',
    cases: (ctx) =>
      readRoute(ctx, {
        url: '/api/docs/static/*',
        auth: 'public',
        goodParam: fc.constant(ctx.docsFile),
        badParam: fc.oneof(
          oddSegment.map((s) => `no-such-${s}`),
          fc.constantFrom(
            '../../package.json',
            '..%2F..%2Fpackage.json',
            '%2e%2e/%2e%2e/package.json',
            '....//....//etc/passwd',
            '%00',
            'index.html%00.js',
            '.env',
            'a/../../b',
          ),
        ),
      }),
  },
  ...discountCodeEndpoints,
};
