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
 * index.html with the page's own title, description, canonical address, Open Graph and Twitter
 * card tags and JSON-LD in its head. The added tags carry data-page-head=<path>, so the web app
 * drops them once it shows another page.
 */
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
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(head.description)}" />`)
    .replace('</head>', `${tags.join('\n')}\n</head>`);
}
