import { shop, shopAddress } from '@shop/shared/domain/shop';
import { mailMsg } from '@shop/shared/messages-mail';

/** Escapes text for the HTML part of a mail. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailContent {
  subject: string;
  /** Greeting line, e.g. 'Përshëndetje Arta,'. */
  greeting: string;
  /** Paragraphs of plain text (escaped for HTML here). */
  paragraphs: string[];
  /**
   * An optional call to action: a button in HTML, the bare link in text. `masked` draws it without
   * the link, for the staff copy of a mail whose link is a secret (renderSecretMail).
   */
  action?: { label: string; url: string; masked?: boolean };
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
    ...(content.action ? [`${content.action.label}: ${content.action.masked ? mailMsg.linkHidden : content.action.url}`, ''] : []),
    ...(content.after ?? []).flatMap((p) => [p, '']),
    `${shop.name}`,
    footer,
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = content.action?.masked
    ? `<p style="margin:0 0 16px;font-size:13px;color:#444">${escapeHtml(content.action.label)}: ${escapeHtml(mailMsg.linkHidden)}</p>`
    : content.action
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

/** A rendered mail whose link is a secret (a password reset, an e-mail verification), with the staff copy. */
export interface SecretMail {
  subject: string;
  text: string;
  html: string;
  /** The same mail with the link masked: what staff read in 'E-mailet' (issue 24 finding 3). */
  staffText: string;
  staffHtml: string;
}

/**
 * Renders a mail whose action link is a secret twice: as it is sent (the live link, only in the
 * body that goes to the recipient) and as staff see it in 'E-mailet' (the link replaced by
 * mailMsg.linkHidden), so no one who reads the outbox can use someone else's link (decision 026).
 */
export function renderSecretMail(content: MailContent & { action: { label: string; url: string } }): SecretMail {
  const sent = renderMail(content);
  const staff = renderMail({ ...content, action: { ...content.action, masked: true } });
  return { ...sent, staffText: staff.text, staffHtml: staff.html };
}
