import zlib from 'node:zlib';
import fc from 'fast-check';
import { anyValue, oddString, RawJson, toJsonText, unicodeOddities, sqlFragments, htmlFragments } from './values';

/**
 * What a fuzzed request must get:
 * - `reject`: a 4xx with an Albanian { msg } (the input is malformed or not allowed);
 * - `same`: exactly the answer of the same call without the junk (the junk is in a part the
 *   route does not read: a query string on a route without query parameters, a GET body);
 * - `reject-or-same`: either of the two (a query string so broken that refusing it is fine too).
 */
export type Expectation = 'reject' | 'same' | 'reject-or-same';

export class FuzzRequest {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: Record<string, string>,
    readonly payload: string | Buffer | undefined,
    readonly expect: Expectation,
    /** What is wrong with it, for the failure report. */
    readonly why: string,
  ) {}

  /** For `same`: the call without the junk, whose answer this one must equal. */
  clean?: { url: string; headers: Record<string, string> };

  withClean(url: string, headers: Record<string, string>): this {
    this.clean = { url, headers };
    return this;
  }

  [fc.toStringMethod](): string {
    const headers = Object.fromEntries(
      Object.entries(this.headers).map(([k, v]) => [k, k === 'authorization' && v.length > 40 ? `${v.slice(0, 30)}…(${v.length})` : v]),
    );
    const body =
      this.payload === undefined
        ? ''
        : ` body(${this.payload.length}${Buffer.isBuffer(this.payload) ? ' bytes' : ' chars'}): ${JSON.stringify(
            Buffer.isBuffer(this.payload) ? this.payload.subarray(0, 200).toString('latin1') : this.payload.slice(0, 200),
          )}`;
    return `${this.method} ${this.url.length > 200 ? `${this.url.slice(0, 200)}…(${this.url.length})` : this.url} [${this.expect}: ${this.why}] headers: ${JSON.stringify(headers)}${body}`;
  }
}

/** A short, printable view of a value, for `why`. */
export function preview(v: unknown): string {
  const text = v instanceof RawJson ? v.text : typeof v === 'string' ? JSON.stringify(v) : toJsonText(v);
  return text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text;
}

// --- URL pieces ------------------------------------------------------------------------------

/** Percent-encodes a string for a URL; a lone surrogate (which encodeURIComponent refuses) becomes the bytes of its UTF-8-ish form. */
export function encodeSegment(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** Decodes what a router would see, or null when the escapes do not decode. */
export function decodeSegment(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** Raw path segments that are malformed whatever the route: bad escapes, NUL, traversal, over-long. */
// ("." is left out: a URL parser resolves it, so /api/products/. is the product list itself.)
export const brokenSegments = [
  '%',
  '%Z',
  '%ZZ',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '..',
  '%2e%2e',
  '%2F',
  '..%2F..%2Fpackage.json',
  '%20',
  '%09',
];

/** A path segment: encoded odd strings, broken escapes, or very long ones (past the router's 200). */
export const oddSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: oddString.map(encodeSegment).filter((s) => s.length > 0 && s !== '.') },
  { weight: 2, arbitrary: fc.constantFrom(...brokenSegments) },
  { weight: 1, arbitrary: fc.integer({ min: 150, max: 3000 }).map((n) => 'a'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom(...sqlFragments, ...htmlFragments).map(encodeSegment) },
);

/** Ids that are not a positive 32-bit integer in plain digits (the shop's database ids). */
export const badNumericId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '-0',
    '+1',
    '1.0',
    '1.5',
    '1e3',
    '0x10',
    '0b1',
    '0o7',
    '%201',
    '1%20',
    '2147483648',
    '4294967297',
    '99999999999',
    '00000000001',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    'true',
    '%EF%BC%91',
    '%D9%A1',
    '1%3BDROP%20TABLE%20users',
    '1,2',
    '%5B1%5D',
    '1_000',
  ),
  oddSegment,
);

/** A query string the route does not read: odd keys and values, duplicates, prototype names, broken escapes. */
export function junkQuery(skipKeys: readonly string[] = []): fc.Arbitrary<{ text: string; broken: boolean }> {
  const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a[]', 'a[b]', 'id', 'token', 'limit', '$where', ''), oddString);
  const value = fc.oneof(
    oddString,
    fc.constantFrom('1e309', '-0', 'NaN', 'true', '', '[]', '{}'),
    fc.integer({ min: 190, max: 4000 }).map((n) => 'v'.repeat(n)),
  );
  const pair = fc.tuple(key, value).filter(([k]) => {
    const decoded = k.trim();
    return !skipKeys.includes(decoded);
  });
  const broken = fc.constantFrom('%', '%ZZ', '%00=%00', '&&&', '==', '=x', 'a=%E0%A4%A', 'a=%ED%A0%80');
  // Now and then thousands of parameters (the same unread key over and over).
  const many = fc.option(fc.integer({ min: 500, max: 3000 }), { nil: undefined, freq: 10 });
  return fc.tuple(fc.array(pair, { minLength: 1, maxLength: 4 }), fc.option(broken, { nil: undefined }), many).map(([pairs, b, n]) => {
    const text = pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&') + (n ? '&x=1'.repeat(n) : '');
    return { text: b === undefined ? text : `${text}&${b}`, broken: b !== undefined };
  });
}

// --- Bodies ----------------------------------------------------------------------------------

export interface BodyPart {
  payload: string | Buffer;
  headers: Record<string, string>;
  why: string;
}

const json = (text: string, why: string, contentType = 'application/json'): BodyPart => ({
  payload: text,
  headers: { 'content-type': contentType },
  why,
});

/** JSON text no JSON parser takes (none of them is empty: an empty body is its own case). */
export const invalidJsonTexts = [
  '{',
  '}',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  'tru',
  '[1,2',
  '{"a":"\\x"}',
  '{"a":"\\ud800"',
  '"\\u12"',
  'NaN',
  'Infinity',
  '-Infinity',
  '{"a":NaN}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":+1}',
  '// c\n{}',
  '{"a":1}/*',
  '{"a":1}{"b":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":{"__proto__":{"role":"admin"}}}',
  '\u0000',
  'undefined',
  '{"a":"b"',
  '<xml/>',
  'a=1&b=2',
  '{"a":"line\nbreak"}',
  '{"a":"tab\there"}',
  '{"a" 1}',
  '{a:1}',
  '[,]',
];

const parses = (s: string) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};

/** Body text that is not JSON at all, sent as JSON. */
export const invalidJson: fc.Arbitrary<BodyPart> = fc.oneof(
  fc.constantFrom(...invalidJsonTexts).map((t) => json(t, `invalid JSON ${preview(t)}`)),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 40 })
    .filter((s) => s.trim() !== '' && !parses(s))
    .map((t) => json(t, `invalid JSON ${preview(t)}`)),
);

/** Content types the API does not read, and odd spellings (the body itself is still a defective one). */
const wrongContentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/json-patch+json',
  'application/vnd.api+json',
  'json',
  '*/*',
  'text/html; charset=utf-8',
  'application/javascript',
];
const oddJsonContentTypes = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=latin1',
  'application/json; boundary=x',
  'application/json ; x=y',
];

/**
 * Ways of sending a body that is already defective (so the request is refused whatever the server
 * makes of the wrapping): as JSON, under another content type, without one, compressed (also a
 * small gzip that inflates past the body limit), with broken bytes around it, in UTF-16.
 */
export function wrapDefective(defective: fc.Arbitrary<{ text: string; why: string }>, bodyLimit: number): fc.Arbitrary<BodyPart> {
  return fc.oneof(
    { weight: 12, arbitrary: defective.map((d) => json(d.text, d.why)) },
    {
      weight: 2,
      arbitrary: fc.tuple(defective, fc.constantFrom(...oddJsonContentTypes)).map(([d, ct]) => json(d.text, `${d.why} as ${ct}`, ct)),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(defective, fc.constantFrom(...wrongContentTypes)).map(([d, ct]) => json(d.text, `${d.why} as ${ct}`, ct)),
    },
    { weight: 1, arbitrary: defective.map((d) => ({ payload: d.text, headers: {}, why: `${d.why} without a content type` })) },
    {
      weight: 1,
      arbitrary: fc.tuple(defective, fc.constantFrom('gzip', 'deflate', 'br')).map(([d, enc]) => {
        const zipped =
          enc === 'gzip' ? zlib.gzipSync(d.text) : enc === 'deflate' ? zlib.deflateSync(d.text) : zlib.brotliCompressSync(d.text);
        return { payload: zipped, headers: { 'content-type': 'application/json', 'content-encoding': enc }, why: `${d.why}, ${enc}` };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(defective, fc.constantFrom('gzip', 'br', 'zstd', 'compress', 'gzip, gzip', 'x-unknown')).map(([d, enc]) => ({
        payload: d.text,
        headers: { 'content-type': 'application/json', 'content-encoding': enc },
        why: `${d.why}, not really ${enc}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{"a":"', '["').map((start) => ({
        // About 1 KB of gzip that inflates to ten times the body limit.
        payload: zlib.gzipSync(`${start}${'x'.repeat(bodyLimit * 10)}`),
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        why: 'gzip that inflates past the body limit',
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(defective, fc.constantFrom('start', 'end'), fc.constantFrom([0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xfe, 0xff]))
        .map(([d, where, bytes]) => {
          const text = Buffer.from(d.text);
          const bad = Buffer.from(bytes);
          return {
            payload: where === 'start' ? Buffer.concat([bad, text]) : Buffer.concat([text, bad]),
            headers: { 'content-type': 'application/json' },
            why: `${d.why}, invalid UTF-8 at the ${where}`,
          };
        }),
    },
    {
      weight: 1,
      arbitrary: defective.map((d) => ({
        payload: Buffer.from(`\uFEFF${d.text}`, 'utf16le'),
        headers: { 'content-type': 'application/json; charset=utf-16' },
        why: `${d.why} in UTF-16`,
      })),
    },
    { weight: 1, arbitrary: defective.map((d) => json(`\uFEFF${d.text}`, `${d.why} after a BOM`)) },
  );
}

/** Bodies refused before any route reads them: not JSON, over the body limit, deeply nested garbage. */
export function unreadableBody(bodyLimit: number, opts: { emptyIsValid?: boolean } = {}): fc.Arbitrary<BodyPart> {
  const empties = opts.emptyIsValid ? [] : [fc.constantFrom('', ' ', '\n\t').map((t) => json(t, `empty body ${preview(t)}`))];
  return fc.oneof(
    { weight: 4, arbitrary: invalidJson },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: bodyLimit + 1, max: bodyLimit + 5000 })
        .map((n) => json(`{"a":"${'x'.repeat(n)}"}`, `${n + 8} bytes, over the limit`)),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 3 }).map((k) => ({
        payload: Buffer.alloc(bodyLimit + k * 1000, 0x20),
        headers: { 'content-type': 'application/octet-stream' },
        why: 'over the limit, octet-stream',
      })),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1000, max: 50_000 }).map((d) => json('['.repeat(d), `unclosed nesting ${d} deep`)) },
    ...empties.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

// --- Bodies from a description of the route's fields ----------------------------------------

export type Json = Record<string, unknown>;

export interface BodySpec {
  /** Bodies the route accepts. */
  valid: fc.Arbitrary<Json>;
  /** Per field: values the route refuses for it. */
  invalid: Record<string, fc.Arbitrary<unknown>>;
  required: readonly string[];
  /** Whole-body defects beyond one field (e.g. a printed warranty sheet without a name). */
  defects?: fc.Arbitrary<{ apply(b: Json): unknown; why: string }>;
  /** Top-level values the route accepts besides objects (a null body toggles a user's block). */
  nullIsValid?: boolean;
}

/** Names that must never reach a record: roles, ids, flags, timestamps, prices in cents, prototype keys. */
export const smuggledKeys = [
  'role',
  'isAdmin',
  'admin',
  'id',
  'userId',
  'user_id',
  'status',
  'blocked',
  'createdAt',
  'updatedAt',
  'priceCents',
  'total',
  'passwordHash',
  'password_hash',
  'googleSub',
  'sku',
  'rating',
  'data',
  'createdBy',
  '__proto__',
  'constructor',
];

/** Unknown fields: smuggled names and random ones (never one of the route's own fields). */
export function extraFields(
  own: readonly string[],
  opts: { minKeys?: number; maxKeys?: number; values?: fc.Arbitrary<unknown> } = {},
): fc.Arbitrary<Json> {
  return fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...smuggledKeys), fc.string({ maxLength: 10 })), opts.values ?? anyValue), {
      minLength: opts.minKeys ?? 0,
      maxLength: opts.maxKeys ?? 3,
    })
    .map((pairs) => {
      const out: Json = {};
      for (const [k, v] of pairs)
        if (!own.includes(k)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    });
}

const merge = (...parts: Json[]): Json => {
  const out: Json = {};
  for (const p of parts)
    for (const k of Object.keys(p)) Object.defineProperty(out, k, { value: p[k], enumerable: true, writable: true, configurable: true });
  return out;
};

/**
 * Bodies the route must refuse: a valid body, with noise in its fields (odd values that may or
 * may not be valid) and unknown fields added, and then at least one certain defect: a required
 * field missing, a field with a value the route refuses, or not an object at all.
 */
export function defectiveJson(spec: BodySpec): fc.Arbitrary<{ text: string; why: string }> {
  const fields = Object.keys(spec.invalid);
  const noise = fc
    .array(fc.tuple(fc.constantFrom(...fields), anyValue), { maxLength: 2 })
    .map((pairs) => Object.fromEntries(pairs) as Json);
  type Defect = { apply(b: Json): unknown; why: string };
  const defects: { weight: number; arbitrary: fc.Arbitrary<Defect> }[] = [
    {
      weight: 8,
      arbitrary: fc.constantFrom(...fields).chain((k) =>
        spec.invalid[k]!.map((v) => ({
          apply: (b: Json) => merge(b, { [k]: v }),
          why: `${k}=${preview(v)}`,
        })),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<unknown>([], 'text', 42, true, new RawJson('1e309'), ...(spec.nullIsValid ? [] : [null]))
        .map((v) => ({ apply: () => v, why: `body ${preview(v)}` })),
    },
    { weight: 1, arbitrary: fc.constant({ apply: (b: Json) => [b], why: 'body in an array' }) },
  ];
  if (spec.required.length > 0) {
    defects.push({
      weight: 2,
      arbitrary: fc.constantFrom(...spec.required).map((k) => ({
        apply: (b: Json) => {
          const copy = merge(b);
          delete copy[k];
          return copy;
        },
        why: `no ${k}`,
      })),
    });
  }
  if (spec.defects) defects.push({ weight: 2, arbitrary: spec.defects });
  return fc
    .record({ base: spec.valid, noise, extras: extraFields(fields), defect: fc.oneof(...defects), noisy: fc.boolean() })
    .map(({ base, noise: n, extras, defect, noisy }) => {
      const body = noisy ? merge(base, n, extras) : merge(base, extras);
      return { text: toJsonText(defect.apply(body)), why: defect.why };
    });
}

/** The odd-unicode strings that PostgreSQL refuses to store (NUL) — one inside a text keeps a body from being stored. */
export const withNul: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u0000', 'a\u0000b', '\u0000\u0000'), fc.string({ maxLength: 10 }))
  .map(([a, n, b]) => `x${a}${n}${b}`);

export { unicodeOddities };
