/**
 * A small HTTP client for the resilience tests, on node:http with a keep-alive agent: it really
 * holds up to `connections` sockets to the server (counted), every request has a deadline, and a
 * network failure or a timeout is reported as an answer with status 0 rather than thrown, so a
 * test can count them.
 */
import http from 'node:http';
import type { Socket } from 'node:net';

export interface Answer {
  /** HTTP status, or 0 when there was no answer (connection refused or cut, timeout). */
  status: number;
  /** Parsed JSON body, or undefined. */
  body: unknown;
  headers: http.IncomingHttpHeaders;
  /** Milliseconds from sending to the end of the answer (or to the failure). */
  ms: number;
  /** Why there was no answer (ECONNREFUSED, ECONNRESET, timeout ...). */
  error?: string;
  /** performance.now() when the request was sent. */
  sentAt: number;
}

export interface RequestOptions {
  json?: unknown;
  token?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export class HttpClient {
  readonly agent: http.Agent;
  private readonly seen = new WeakSet<Socket>();
  /** Sockets opened over the client's life. */
  socketsOpened = 0;
  /** Most sockets open at once (active or idle in the pool). */
  peakOpen = 0;
  private open = 0;

  constructor(
    public baseUrl: string,
    private readonly opts: { connections?: number; timeoutMs?: number } = {},
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections ?? 50, maxFreeSockets: opts.connections ?? 50 });
  }

  request(method: string, path: string, o: RequestOptions = {}): Promise<Answer> {
    const url = new URL(path, this.baseUrl);
    const payload = o.json === undefined ? undefined : Buffer.from(JSON.stringify(o.json));
    const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const started = performance.now();
    const timeoutMs = o.timeoutMs ?? this.opts.timeoutMs ?? 30_000;
    return new Promise<Answer>((resolve) => {
      let done = false;
      const finish = (a: Omit<Answer, 'ms' | 'sentAt'>) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve({ ...a, ms: performance.now() - started, sentAt: started });
      };
      const req = http.request(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) =>
          finish({ status: 0, body: undefined, headers: {}, error: (err as NodeJS.ErrnoException).code ?? err.message }),
        );
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = text;
          }
          finish({ status: res.statusCode ?? 0, body, headers: res.headers });
        });
      });
      const timer = setTimeout(() => {
        req.destroy(new Error('timeout'));
        finish({ status: 0, body: undefined, headers: {}, error: 'timeout' });
      }, timeoutMs);
      req.on('socket', (s: Socket) => {
        if (this.seen.has(s)) return;
        this.seen.add(s);
        this.socketsOpened++;
        this.open++;
        this.peakOpen = Math.max(this.peakOpen, this.open);
        s.once('close', () => this.open--);
      });
      req.on('error', (err: NodeJS.ErrnoException) => finish({ status: 0, body: undefined, headers: {}, error: err.code ?? err.message }));
      req.end(payload);
    });
  }

  get(path: string, o?: RequestOptions): Promise<Answer> {
    return this.request('GET', path, o);
  }

  put(path: string, json: unknown, o: RequestOptions = {}): Promise<Answer> {
    return this.request('PUT', path, { ...o, json });
  }

  post(path: string, json: unknown, o: RequestOptions = {}): Promise<Answer> {
    return this.request('POST', path, { ...o, json });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The p-th percentile (0–100) of a list of numbers; 0 for an empty list. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
