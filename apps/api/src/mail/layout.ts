import { shop, shopAddress } from '@shop/shared/domain/shop';

/** Escapes text for the HTML part of a mail. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailContent {
  subject: string;
  /** Greeting line, e.g. 'Përshëndetje Arta,'. */
  greeting: string;
  /** Paragraphs of plain text (escaped for HTML here). */
  paragraphs: string[];
  /** An optional call to action: a button in HTML, the bare link in text. */
  action?: { label: string; url: string };
  /** Paragraphs after the action (validity, 'if it was not you'). */
  after?: string[];
}

/**
 * Every mail of the shop in one frame: the shop's name on top, the body, and the shop's address
 * and phone at the foot, as plain text and as simple HTML.
 */
export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const footer = `${shop.name} · ${shopAddress()} · ${shop.phone}`;
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.after ?? []).flatMap((p) => [p, '']),
    `${shop.name}`,
    footer,
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = content.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#0b5cab;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#444;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="sq"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="margin:0 0 24px;font-size:20px;color:#0b5cab">${escapeHtml(shop.name)}</h1>
${p(content.greeting)}
${content.paragraphs.map(p).join('\n')}
${button}
${(content.after ?? []).map(p).join('\n')}
<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">
<p style="margin:0;font-size:12px;color:#555">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject: content.subject, text, html };
}
