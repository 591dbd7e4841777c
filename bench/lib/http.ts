/** Small JSON calls against a running server, for the benchmark's setup and checks. */
import http from 'node:http';
import zlib from 'node:zlib';

export interface CallResult<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export async function call<T = unknown>(
  base: string,
  path: string,
  opts: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(base + path, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body: body as T, text, headers: res.headers };
}

/** A call that must answer `expected`; anything else stops the benchmark with the answer. */
export async function expectCall<T = unknown>(
  expected: number,
  base: string,
  path: string,
  opts: Parameters<typeof call>[2] = {},
): Promise<CallResult<T>> {
  const res = await call<T>(base, path, opts);
  if (res.status !== expected)
    throw new Error(`${opts.method ?? 'GET'} ${path}: expected ${expected}, got ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

/** Runs `fn` over `items` with at most `limit` at once; results in the items' order. */
export async function pool<I, O>(items: I[], limit: number, fn: (item: I, index: number) => Promise<O>): Promise<O[]> {
  const out: O[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= items.length) return;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export interface RawAnswer {
  status: number;
  encoding: string | undefined;
  contentType: string | undefined;
  /** The bytes as they came over the wire (still compressed, if they were). */
  bytes: Buffer;
}

/** A GET that keeps the answer's bytes as sent: fetch() would decompress them. */
export function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const encoding = res.headers['content-encoding'];
        resolve({
          status: res.statusCode ?? 0,
          encoding: encoding || undefined,
          contentType: res.headers['content-type'],
          bytes: Buffer.concat(chunks),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The text (JSON or HTML) of an answer, decompressed if need be. */
export function decoded(answer: RawAnswer): string {
  if (answer.encoding === 'br') return zlib.brotliDecompressSync(answer.bytes).toString();
  if (answer.encoding === 'gzip') return zlib.gunzipSync(answer.bytes).toString();
  if (answer.encoding === 'deflate') return zlib.inflateSync(answer.bytes).toString();
  return answer.bytes.toString();
}
