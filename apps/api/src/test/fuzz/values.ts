import fc from 'fast-check';

/**
 * Building blocks of malformed input for the bad-input fuzz test: odd strings, things that are
 * not strings / numbers / booleans, numbers JSON can spell but JavaScript cannot, deep nesting
 * and huge values. Every arbitrary here is plain data; what makes a request invalid is decided
 * per endpoint (test/fuzz/endpoints.ts).
 */

/** A piece of JSON text inserted as is by toJsonText: 1e309, -0, deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawJson pieces (keys such as "__proto__" are kept as own keys). */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJsonText(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${toJsonText((value as Record<string, unknown>)[k])}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const sqlFragments = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5) --',
  "') OR ('a'='a",
  "\\'; --",
  '$$; DROP TABLE products; $$',
  "%' AND 1=1 --",
  '%',
  '_',
  '1 UNION SELECT password_hash FROM users',
  "admin'--",
  "' || (select current_user) || '",
  "E'\\x00'",
  '\\x00',
  "'; COPY users TO '/tmp/x'; --",
  '1) OR (1=1',
];

export const htmlFragments = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '<iframe src="//evil.example"></iframe>',
  '&lt;b&gt;&amp;',
  '<!--',
  ']]>',
  '{{7*7}}',
  '${7*7}',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '</textarea><script>',
];

export const unicodeOddities = [
  '\uD800',
  '\uDFFF',
  'a\uDC00b',
  '\uDBFF\uDBFF',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200F\u200E',
  '\u200B',
  '\uFEFF',
  '\u2028\u2029',
  '\u0085',
  'e\u0301\u0301\u0301\u0301',
  '😀',
  '👩‍👩‍👧‍👦',
  '🇽🇰',
  'İ',
  'ß',
  'ﬃ',
  '１２３',
  '١٢٣',
  '\u00A0',
  '\u3000',
  'ë ç Ë Ç',
  '\uFFFD',
  '\uFFFF',
  '\u{10FFFF}',
  '\t\n\r',
  '\u001B[31m',
  '\u0007',
  'Z̴̡̛͔a̸̢̛̙l̷̨̛̝g̶̡̛̗o̵̢̢̝',
];

const fragment = fc.oneof(fc.constantFrom(...sqlFragments), fc.constantFrom(...htmlFragments), fc.constantFrom(...unicodeOddities));

/** Strings a shop would not expect: SQL and HTML, broken unicode, controls, and random text. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fragment },
  {
    weight: 2,
    arbitrary: fc.array(fc.oneof(fragment, fc.string({ maxLength: 8 })), { minLength: 2, maxLength: 5 }).map((a) => a.join('')),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

/** Numbers JSON can spell but that do not survive as the same number: 1e309 is Infinity, -0, underflow, precision loss. */
export const rawNumbers = [
  '1e309',
  '-1e309',
  '-0',
  '-0.0',
  '1e-400',
  '123456789012345678901234567890',
  '9007199254740993',
  '4.9e-324',
  '1.7976931348623157e308',
  '0.1e1',
  '1E2',
  '-2147483649',
  '2147483648',
];
export const rawNumber = fc.constantFrom(...rawNumbers).map((n) => new RawJson(n));

/**
 * A string of at least `minLength` characters made of one repeated piece (cheap even near the body
 * limit). Characters are code points, as the shop's Zod counts them: an emoji is one.
 */
export function longString(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min: minLength, max: maxLength }), fc.constantFrom('x', 'ë', ' x', '😀', '<b>', "'", '\u0000', '\uD800'))
    .map(([n, piece]) => piece.repeat(Math.ceil(n / [...piece].length)));
}

/** Arrays or objects nested `depth` deep, as raw JSON text (nothing recursive is built). */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.integer({ min: 50, max: 30_000 }), fc.constantFrom('array', 'object', 'mixed'))
  .map(([depth, kind]) => {
    if (kind === 'array') return new RawJson('['.repeat(depth) + ']'.repeat(depth));
    if (kind === 'object') return new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
    return new RawJson('[{"a":'.repeat(depth) + 'null' + '}]'.repeat(depth));
  });

const smallObject = fc.dictionary(
  fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', 'id', '$where')),
  fc.jsonValue({ maxDepth: 2 }),
  {
    maxKeys: 3,
  },
);
const smallArray = fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 });

/** Not a string: numbers (also raw ones), booleans, null, arrays, objects, deep nesting. */
export const notAString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  rawNumber,
  fc.boolean(),
  fc.constant(null),
  smallArray,
  smallObject,
  deepNesting,
);

export const numericLookingStrings = [
  '1',
  '0',
  '-1',
  '12.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  '1,50',
  ' 12 ',
  '١٢',
  '１２',
  '',
  'null',
  'true',
  '-0',
];

/** Not a number, nor null: numeric-looking strings, booleans, arrays, objects, odd strings, deep nesting. */
export const notANumberNorNull: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...numericLookingStrings),
  oddString,
  fc.boolean(),
  smallArray,
  smallObject,
  deepNesting,
);
export const notANumber: fc.Arbitrary<unknown> = fc.oneof(notANumberNorNull, fc.constant(null));

/** Not a boolean: "true", 1, null, arrays, objects. */
export const notABoolean: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('true', 'false', '1', '0', 'yes', 'po', 'jo', ''),
  fc.integer({ min: -1, max: 2 }),
  fc.constant(null),
  smallArray,
  smallObject,
  rawNumber,
);

/** Any JSON value at all, odd ones included: the noise put into fields next to a defect. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(oddString, notAString, fc.jsonValue({ maxDepth: 2 }));

/** Strings that are not one of `allowed` (compared exactly, as an enum does). */
export function notOneOf(allowed: readonly string[]): fc.Arbitrary<string> {
  const near = allowed.flatMap((a) => [a.toUpperCase(), ` ${a}`, `${a} `, `${a}\u0000`, `${a}\u200B`, a.slice(0, -1)]);
  return fc.oneof(fc.constantFrom(...near, '', 'null', 'undefined'), oddString).filter((s) => !allowed.includes(s));
}
