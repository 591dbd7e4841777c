import fs from 'node:fs';
import path from 'node:path';

/**
 * The browser tests' mailbox: the test SMTP server started in global-setup.ts writes every mail
 * the shop sends into E2E_MAIL_DIR as JSON; these helpers wait for one and read links out of it.
 */
export interface Mail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

export interface WaitForMailOptions {
  /** The subject must match (a string: contained in it). */
  subject?: RegExp | string;
  /** Only mails received at or after this time (ms since the epoch), e.g. `Date.now()` before the action. */
  after?: number;
  /** Default 15 s. */
  timeoutMs?: number;
}

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the mailbox is started in e2e/support/global-setup.ts');
  return dir;
}

/** Every mail received so far, oldest first. */
export function allMail(): Mail[] {
  const dir = mailDir();
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Mail)
    .sort((a, b) => a.receivedAt - b.receivedAt);
}

function matches(mail: Mail, to: string, opts: WaitForMailOptions): boolean {
  if (!mail.to.includes(to.toLowerCase())) return false;
  if (opts.after !== undefined && mail.receivedAt < opts.after) return false;
  if (opts.subject instanceof RegExp) return opts.subject.test(mail.subject);
  if (typeof opts.subject === 'string') return mail.subject.includes(opts.subject);
  return true;
}

/** Waits for the newest mail to `to` that matches; fails after `timeoutMs` listing what did arrive. */
export async function waitForMail(to: string, opts: WaitForMailOptions = {}): Promise<Mail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    const found = allMail().filter((m) => matches(m, to, opts));
    if (found.length > 0) return found[found.length - 1]!;
    if (Date.now() > deadline) {
      const seen = allMail()
        .map((m) => `${m.to.join(',')}: ${m.subject}`)
        .join(' | ');
      throw new Error(`No mail to ${to} within ${opts.timeoutMs ?? 15_000} ms; received: ${seen || 'none'}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The first URL in the mail's text whose path starts with `path` (e.g. '/verifiko-email'),
 * as written (absolute, on PUBLIC_URL, which is the server the browser uses).
 */
export function linkIn(mail: Pick<Mail, 'text'>, pathPrefix: string): string {
  for (const m of mail.text.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
    try {
      if (new URL(m[0]).pathname.startsWith(pathPrefix)) return m[0];
    } catch {
      // not a URL after all
    }
  }
  throw new Error(`No link to ${pathPrefix} in the mail:\n${mail.text}`);
}
