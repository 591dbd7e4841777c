import { escapeHtml } from '../mail/layout';

/** What the first HTML of a shopper page says about it (services/storefront-pages.ts). */
export interface PageHead {
  /** The full document title ('iPhone 16 | MobileShop KS'). */
  title: string;
  description: string;
  /** Absolute address of the page. */
  canonical: string;
  /** Absolute address of the picture link previews show. */
  image?: string;
  type: 'product' | 'article' | 'website';
  jsonLd: Record<string, unknown>[];
}

/** JSON for a <script> element: '<' written as \u003c so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A rendered page's head: what the database says of it (a product's or post's own title, text,
 * picture and schema.org data; the home page's Store), else what the page said of itself while it
 * was rendered (its title and description), on the page's own address.
 */
export function completeHead(
  stored: Partial<PageHead> | null,
  rendered: { title?: string; description?: string },
  defaults: { base: string; pathname: string; image: string; title: string; description: string },
): PageHead {
  const path = defaults.pathname.length > 1 ? defaults.pathname.replace(/\/+$/, '').toLowerCase() : '/';
  return {
    title: stored?.title ?? rendered.title ?? defaults.title,
    description: stored?.description ?? rendered.description ?? defaults.description,
    canonical: stored?.canonical ?? defaults.base + path,
    image: stored?.image ?? defaults.base + defaults.image,
    type: stored?.type ?? 'website',
    jsonLd: stored?.jsonLd ?? [],
  };
}

/** The title and description index.html gives every page (the shop's own). */
export function templateHead(indexHtml: string): { title: string; description: string } {
  const title = /<title>([\s\S]*?)<\/title>/.exec(indexHtml)?.[1] ?? '';
  const description = /<meta\s+name="description"\s+content="([^"]*)"/.exec(indexHtml)?.[1] ?? '';
  return { title: unescapeHtml(title.trim()), description: unescapeHtml(description) };
}

const unescapeHtml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

/** The page's title, description, canonical address, Open Graph and Twitter card tags and JSON-LD. */
export function withPageHead(indexHtml: string, head: PageHead, path: string): string {
  const mark = `data-page-head="${escapeHtml(path)}"`;
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" ${mark} />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" ${mark} />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:locale', 'sq_AL'),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image)] : []),
    ...head.jsonLd.map((data) => `<script type="application/ld+json" ${mark}>${scriptJson(data)}</script>`),
  ];
  // Every text goes in through a replacer function: a replacement string would read `$'`, `$``,
  // `$&`, `$1` or `$$` in a product's name or a search as the text around the match (decision 027).
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', () => `${tags.join('\n')}\n</head>`);
}

/** A page the server rendered (the web app's entry-server.tsx), with what it needs in the head. */
export interface RenderedBody {
  /** The markup inside #root. */
  html: string;
  /** The query cache's data as JSON, safe inside a <script>. */
  state: string;
  /** Every style sheet of the page (index.html's and its chunks'), with its text. */
  styles: { href: string; css: string }[];
  preloadImages: string[];
}

/**
 * A style sheet written into the page, so the first paint waits for no other file; beside it the
 * sheet's link, disabled (never fetched), which tells the app's chunk loader the sheet is there.
 */
const inlineStyle = ({ href, css }: { href: string; css: string }) =>
  css.includes('</')
    ? `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`
    : `<style>${css}</style><link rel="stylesheet" crossorigin href="${escapeHtml(href)}" disabled />`;

/**
 * index.html with the page's head (the added tags carry data-page-head=<path>, so the web app
 * drops them once it shows another page) and, for a page the server rendered, its markup in #root,
 * its data for hydration and its style sheets written in (so it paints from the HTML alone).
 */
export function pageHtml(indexHtml: string, head: PageHead, path: string, body?: RenderedBody): string {
  let html = withPageHead(indexHtml, head, path);
  if (!body) return html;
  // index.html's own style sheet links give way to the written-in sheets; its scripts load after
  // the page's first picture (the page is readable without them).
  html = html
    .replace(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>\s*/g, '')
    .replace(/<(script type="module"|link rel="modulepreload") /g, (_tag, opening: string) => `<${opening} fetchpriority="low" `);
  // The page's largest picture is asked for first, before any script takes a connection.
  const preloads = body.preloadImages.map((href) => `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high" />`);
  html = html.replace(/<head>/, () => `<head>\n${preloads.join('\n')}`);
  const headTags = body.styles.map(inlineStyle);
  const root = /<div id="root">[\s\S]*?<!--\/app-->\s*<\/div>/;
  if (!root.test(html)) throw new Error('index.html has no <div id="root">...<!--/app--></div> to fill');
  return html
    .replace('</head>', () => `${headTags.join('\n')}\n</head>`)
    .replace(root, () => `<div id="root">${body.html}</div>\n    <script type="application/json" id="shop-data">${body.state}</script>`);
}

/**
 * index.html with the API's Google client id in a meta tag (`google-signin-client_id`, empty when
 * Google sign-in is not configured): the login screens read it at once and show Google's button
 * only when the API can verify its tokens (issue 26, decision 036).
 */
export function withGoogleClientId(indexHtml: string, clientId: string | undefined): string {
  const tag = `<meta name="google-signin-client_id" content="${escapeHtml(clientId ?? '')}" />`;
  return indexHtml.replace('</head>', () => `${tag}\n</head>`);
}
