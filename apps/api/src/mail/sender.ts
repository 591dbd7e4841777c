import nodemailer, { type Transporter } from 'nodemailer';
import { mailRetryDelayMs } from '@shop/shared/domain/mail';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { claimDueMails, markMailFailed, markMailRetry, markMailSent, releaseMail, type OutboxRow } from '../repositories/mail-outbox';

/** Mails claimed at a time; a full batch is followed at once by the next. */
const BATCH = 10;
/**
 * How long a claimed mail is left to this instance before another may try it: longer than a send
 * can take (the transport's timeouts below add up to well under it).
 */
const LEASE_MS = 5 * 60_000;
/** A permanent refusal (5xx) is believed after this many attempts instead of MAIL_MAX_ATTEMPTS. */
const PERMANENT_ATTEMPTS = 3;
const RETRY_CAP_MS = 60 * 60_000;

export interface SenderLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MailSender {
  /** Whether SMTP_URL is set; without it nothing is sent and mails stay pending. */
  readonly configured: boolean;
  /** Starts polling the outbox (does nothing without SMTP_URL). */
  start(): void;
  /** Looks at the outbox now instead of at the next poll (e.g. after a mail was queued and committed). */
  wake(): void;
  /** Stops polling and waits for the sends in flight to finish. */
  stop(): Promise<void>;
  /** One pass: claims and sends what is due, until nothing is; resolves with how many were sent. */
  runOnce(): Promise<number>;
}

export interface SenderOptions {
  db: DbOrTx;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_POLL_MS' | 'MAIL_RETRY_BASE_MS' | 'MAIL_MAX_ATTEMPTS'>;
  log: SenderLog;
  /** A transport to use instead of one made from SMTP_URL (tests). */
  transport?: Pick<Transporter, 'sendMail' | 'close'>;
}

/** The SMTP reply code of a send error, when the server answered one (nodemailer's responseCode). */
function replyCode(err: unknown): number | undefined {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
}

/** A short description of a failure for the outbox and the log: never the mail's body. */
function describe(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; response?: unknown; message?: unknown } | null;
  const parts = [
    typeof e?.code === 'string' ? e.code : undefined,
    typeof e?.response === 'string' ? e.response : typeof e?.message === 'string' ? e.message : String(err),
  ].filter(Boolean);
  return parts.join(': ').replace(/\s+/g, ' ').slice(0, 500);
}

/**
 * The outbox's delivery loop of one instance: every MAIL_POLL_MS it claims due mails (several
 * instances never claim the same one, see claimDueMails), sends them through SMTP_URL from
 * MAIL_FROM, and marks each sent, due again later (30 s, 1 min, 2 min ... up to 1 h after a
 * temporary failure) or failed after MAIL_MAX_ATTEMPTS (sooner for a permanent 5xx refusal).
 * Its timer never keeps the process alive.
 */
export function createMailSender(opts: SenderOptions): MailSender {
  const { db, config, log } = opts;
  const configured = Boolean(config.SMTP_URL) || Boolean(opts.transport);
  let transport: Pick<Transporter, 'sendMail' | 'close'> | undefined = opts.transport;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let started = false;
  let stopped = false;
  let again = false;

  const getTransport = () => {
    transport ??= nodemailer.createTransport({
      url: config.SMTP_URL!,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return transport;
  };

  async function deliver(mail: OutboxRow): Promise<boolean> {
    try {
      await getTransport().sendMail({
        from: config.MAIL_FROM,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
    } catch (err) {
      const code = replyCode(err);
      const permanent = code !== undefined && code >= 500;
      const error = describe(err);
      const limit = permanent ? Math.min(PERMANENT_ATTEMPTS, config.MAIL_MAX_ATTEMPTS) : config.MAIL_MAX_ATTEMPTS;
      if (mail.attempts >= limit) {
        await markMailFailed(db, mail.id, error);
        log.error({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, error }, 'mail failed for good');
      } else {
        const delay = mailRetryDelayMs(mail.attempts, config.MAIL_RETRY_BASE_MS, RETRY_CAP_MS);
        await markMailRetry(db, mail.id, delay, error);
        log.warn({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, retryInMs: delay, error }, 'mail not sent, will retry');
      }
      return false;
    }
    await markMailSent(db, mail.id);
    log.info({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts }, 'mail sent');
    return true;
  }

  async function pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claimDueMails(db, BATCH, LEASE_MS);
      for (const [i, mail] of batch.entries()) {
        if (stopped) {
          // Closing: the mails not started go back to the queue at once (not after the lease).
          for (const rest of batch.slice(i)) await releaseMail(db, rest.id);
          return sent;
        }
        if (await deliver(mail)) sent += 1;
      }
      if (batch.length < BATCH || stopped) return sent;
    }
  }

  function runOnce(): Promise<number> {
    if (!configured) return Promise.resolve(0);
    if (running) {
      // A pass is under way: look again right after it, for mails that came meanwhile.
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        void runOnce().catch(() => {});
      }
    });
    return running;
  }

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  }

  async function tick() {
    try {
      await runOnce();
    } catch (err) {
      // The database may be away for a moment: the next poll tries again.
      log.warn({ err: describe(err) }, 'mail outbox pass failed');
    }
    schedule(config.MAIL_POLL_MS);
  }

  return {
    configured,
    start() {
      if (started || stopped) return;
      started = true;
      if (!configured) {
        log.info({}, 'SMTP_URL not set: mails stay in the outbox (admin: E-mailet)');
        return;
      }
      schedule(0);
    },
    wake() {
      if (started && configured && !stopped) schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
      transport?.close();
    },
    runOnce,
  };
}
