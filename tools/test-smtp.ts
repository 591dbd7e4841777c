/**
 * A real SMTP server in-process for the tests (smtp-server + mailparser): it accepts any mail
 * without authentication or TLS, parses it and keeps it in memory (and, with `mailDir`, writes
 * each one as a JSON file {to, from, subject, text, html, receivedAt}, which is how the browser
 * tests read the mail of a server running as a child process). It can be told to refuse mail
 * with a temporary (4xx) or permanent (5xx) answer, and be stopped and started again on the same
 * port, as an outage would.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Milliseconds since the epoch. */
  receivedAt: number;
}

export interface TestSmtpOptions {
  /** Port to listen on (default: a free one chosen by the system). */
  port?: number;
  /** A folder to write every received mail into, as `<receivedAt>-<n>.json`. */
  mailDir?: string;
}

/** A refusal: `code` 4xx (try later) or 5xx (permanent), for the next `times` mails (default: until cleared). */
export interface Refusal {
  code: number;
  message?: string;
  times?: number;
}

function addresses(a: AddressObject | AddressObject[] | undefined): string[] {
  if (!a) return [];
  return (Array.isArray(a) ? a : [a]).flatMap((o) => o.value.map((v) => (v.address ?? '').toLowerCase()));
}

export class TestSmtpServer {
  readonly messages: ReceivedMail[] = [];
  /** Every refused attempt, with the code given. */
  readonly refused: { code: number; at: number }[] = [];
  port = 0;
  private server: SMTPServer | undefined;
  private refusal: Refusal | undefined;
  private counter = 0;
  private waiters = new Set<() => void>();
  private readonly mailDir: string | undefined;

  constructor(opts: TestSmtpOptions = {}) {
    this.port = opts.port ?? 0;
    this.mailDir = opts.mailDir;
    if (this.mailDir) fs.mkdirSync(this.mailDir, { recursive: true });
  }

  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  /** Refuse the next mails with this answer (undefined: accept again). */
  refuse(refusal: Refusal | undefined): void {
    this.refusal = refusal ? { ...refusal } : undefined;
  }

  /** Listens (again) on the port; the first start picks a free port when none was given. */
  async start(): Promise<this> {
    if (this.server) return this;
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'test' }),
      logger: false,
      closeTimeout: 200,
      onData: (stream, _session, callback) => {
        const refusal = this.takeRefusal();
        if (refusal) {
          stream.resume();
          stream.on('end', () => {
            this.refused.push({ code: refusal.code, at: Date.now() });
            const err = Object.assign(new Error(refusal.message ?? 'Refused by the test server'), {
              responseCode: refusal.code,
            });
            callback(err);
          });
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            const mail: ReceivedMail = {
              to: addresses(parsed.to),
              from: addresses(parsed.from)[0] ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              receivedAt: Date.now(),
            };
            this.messages.push(mail);
            if (this.mailDir) {
              const file = path.join(this.mailDir, `${mail.receivedAt}-${++this.counter}.json`);
              fs.writeFileSync(`${file}.tmp`, JSON.stringify(mail));
              fs.renameSync(`${file}.tmp`, file);
            }
            for (const w of this.waiters) w();
            callback();
          })
          .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
      },
    });
    server.on('error', () => {
      // a client going away mid-session is not the test's concern
    });
    await new Promise<void>((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      server.server.once('error', onError);
      server.listen(this.port, '127.0.0.1', () => {
        server.server.off('error', onError);
        resolve();
      });
    });
    const addr = server.server.address() as net.AddressInfo;
    this.port = addr.port;
    this.server = server;
    return this;
  }

  /** Stops listening and closes open connections (an outage); `start()` comes back on the same port. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Mails received for this address (case-insensitive). */
  to(address: string): ReceivedMail[] {
    const a = address.toLowerCase();
    return this.messages.filter((m) => m.to.includes(a));
  }

  /** Waits until `predicate` holds for the received mails (checked on each arrival), or fails after `timeoutMs`. */
  async waitFor(predicate: (messages: ReceivedMail[]) => boolean, timeoutMs = 10_000): Promise<void> {
    if (predicate(this.messages)) return;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (predicate(this.messages)) done();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(
          new Error(
            `No such mail within ${timeoutMs} ms; received: ${this.messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ') || 'none'}`,
          ),
        );
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  private takeRefusal(): Refusal | undefined {
    const r = this.refusal;
    if (!r) return undefined;
    if (r.times !== undefined) {
      r.times -= 1;
      if (r.times <= 0) this.refusal = undefined;
    }
    return r;
  }
}

/** Starts a test SMTP server (see TestSmtpServer). */
export async function startTestSmtp(opts: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  return new TestSmtpServer(opts).start();
}
