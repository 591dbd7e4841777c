import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageHtml, withGoogleClientId, withPageHead, type PageHead, type RenderedBody } from './page-head';

const indexHtml =
  '<!doctype html><html lang="sq"><head><meta name="description" content="Dyqani" /><title>Dyqani</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
  '<body><div id="root"><div class="boot-bar"></div><!--/app--></div></body></html>';

/** What String.replace reads in a replacement string; each must come out as written. */
const specials = ["$'", '$`', '$&', '$1', '$2', '$$', '$<name>', '$0', '$', "$'$`$&"];

const unescapeHtml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
const count = (text: string, part: string) => text.split(part).length - 1;
const metaContent = (html: string, attr: 'name' | 'property', key: string) =>
  [...html.matchAll(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`, 'g'))].map((m) => unescapeHtml(m[1]!));

/** Checks the page holds the head exactly once and says what the head says, byte for byte. */
function expectHead(html: string, head: PageHead) {
  expect(count(html, '</head>')).toBe(1);
  expect(count(html, '<head>')).toBe(1);
  expect(count(html, '<title>')).toBe(1);
  expect(count(html, '</html>')).toBe(1);
  expect(count(html, '<div id="root">')).toBe(1);
  expect(unescapeHtml(/<title>([\s\S]*?)<\/title>/.exec(html)![1]!)).toBe(head.title);
  expect(metaContent(html, 'name', 'description')).toEqual([head.description]);
  expect(metaContent(html, 'property', 'og:title')).toEqual([head.title]);
  expect(metaContent(html, 'name', 'twitter:title')).toEqual([head.title]);
  expect(metaContent(html, 'property', 'og:description')).toEqual([head.description]);
  expect(metaContent(html, 'property', 'og:url')).toEqual([head.canonical]);
  expect(metaContent(html, 'property', 'og:image')).toEqual(head.image ? [head.image] : []);
  expect(unescapeHtml(/<link rel="canonical" href="([^"]*)"/.exec(html)![1]!)).toBe(head.canonical);
  const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as unknown);
  expect(ld).toEqual(head.jsonLd);
}

const text = fc
  .array(fc.oneof(fc.constantFrom(...specials), fc.constantFrom('<', '>', '&', '"', "'", '</head>', '</title>', ' ', 'ë'), fc.string()), {
    maxLength: 8,
  })
  .map((parts) => parts.join(''));

const headArb: fc.Arbitrary<PageHead> = fc.record({
  title: text,
  description: text,
  canonical: text.map((t) => `https://shop.example/products/${t}`),
  image: fc.option(
    text.map((t) => `https://shop.example/images/${t}`),
    { nil: undefined },
  ),
  type: fc.constantFrom('product', 'article', 'website'),
  jsonLd: fc.array(fc.record({ '@type': fc.constant('Product'), name: text, description: text }), { maxLength: 2 }),
});

describe("issue 24 finding 8: $', $`, $& and the other replacement patterns are literal in a page's head", () => {
  it("writes a search for $' with one </head> and the title as typed", () => {
    const head: PageHead = {
      title: "Kërkimi: $' | MobileShop KS",
      description: 'Rezultatet për $` dhe $&',
      canonical: 'https://shop.example/search',
      type: 'website',
      jsonLd: [],
    };
    const html = withPageHead(indexHtml, head, '/search');
    expect(count(html, '</head>')).toBe(1);
    expect(html).toContain('<title>Kërkimi: $&#39; | MobileShop KS</title>');
    expectHead(html, head);
  });

  it('puts every special sequence into every head field literally (property)', () => {
    fc.assert(
      fc.property(headArb, fc.constantFrom('/', '/search', "/products/$'"), (head, path) => {
        expectHead(withPageHead(indexHtml, head, path), head);
      }),
      { numRuns: 400 },
    );
  });

  it("keeps a rendered page's markup, data, styles and pictures as they are, specials and all (property)", () => {
    const bodyArb: fc.Arbitrary<RenderedBody> = fc.record({
      html: text.map((t) => `<main>${t.replace(/[<>&]/g, '')}</main>`),
      state: text.map((t) => JSON.stringify({ q: t }).replace(/</g, '\\u003c')),
      styles: fc.array(
        fc.record({
          href: fc.constantFrom('/assets/a.css', '/assets/b.css'),
          css: text.map((t) => `.x{content:"${t.replace(/[<"\\]/g, '')}"}`),
        }),
        { maxLength: 2 },
      ),
      preloadImages: fc.array(
        text.map((t) => `/images/${t}`),
        { maxLength: 2 },
      ),
    });
    fc.assert(
      fc.property(headArb, bodyArb, (head, body) => {
        const html = pageHtml(indexHtml, head, '/', body);
        expectHead(html, head);
        expect(html).toContain(`<div id="root">${body.html}</div>`);
        expect(html).toContain(`<script type="application/json" id="shop-data">${body.state}</script>`);
        for (const style of body.styles) expect(html).toContain(`<style>${style.css}</style>`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('withGoogleClientId (issue 26)', () => {
  it("writes the client id, or an empty one, into the head once, as text; the page's head is still written after it", () => {
    for (const id of [undefined, '', 'abc.apps.googleusercontent.com', `a"><script>x</script>$'$&`]) {
      const html = withGoogleClientId(indexHtml, id);
      expect(count(html, '</head>')).toBe(1);
      expect(metaContent(html, 'name', 'google-signin-client_id')).toEqual([id ?? '']);
      expect(html).not.toContain('<script>x');
      const page = pageHtml(
        html,
        { title: 'Kyçu', description: 'Hyr në llogari.', canonical: 'https://shop.test/login', type: 'website', jsonLd: [] },
        '/login',
      );
      expect(metaContent(page, 'name', 'google-signin-client_id')).toEqual([id ?? '']);
      expect(count(page, '</head>')).toBe(1);
    }
  });
});
