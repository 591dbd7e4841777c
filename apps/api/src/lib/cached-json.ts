import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

/** Smaller answers go out as they are, as with @fastify/compress's threshold for the rest of the API. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * One finished answer (JSON, or a rendered page's HTML), as bytes, with its compressed forms made on first demand and kept
 * with it (they go when the answer goes). Made once per write instead of once per request, they
 * can take the strongest settings: the product list is 25 KB, about 4.7 KB as brotli 11, and
 * brotli 4 for each request (what @fastify/compress would do) costs more than the rest of the
 * request several times over.
 */
export class CachedJson {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  /** The compressed forms once made: sent at once, without waiting on a promise. */
  private readonly finished = new Map<Encoding, Buffer>();

  /**
   * `oneOff`: an answer made for one request only (a page that is not kept) is compressed with
   * quick settings; the strongest ones pay off only over many requests.
   */
  constructor(
    readonly json: Buffer,
    private readonly oneOff = false,
  ) {}

  /** The bytes for a client that accepts `encoding`, or undefined when they go uncompressed. */
  as(encoding: Encoding | undefined): Promise<Buffer> | undefined {
    if (!encoding || this.json.length < COMPRESS_THRESHOLD) return undefined;
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotli(this.json, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: this.oneOff ? 5 : zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.json.length,
              },
            })
          : gzip(this.json, { level: this.oneOff ? 6 : zlib.constants.Z_BEST_COMPRESSION });
      this.encoded.set(encoding, bytes);
      bytes.then(
        (done) => this.finished.set(encoding, done),
        // A failure is not kept: the next request tries again.
        () => this.encoded.delete(encoding),
      );
    }
    return bytes;
  }

  /** The compressed bytes for `encoding` when they are made already (the same Buffer every time). */
  ready(encoding: Encoding): Buffer | undefined {
    return this.finished.get(encoding);
  }
}

/** Accept-Encoding values seen, with the encoding picked: browsers send a handful of them. */
const picked = new Map<string, Encoding | undefined>();
const PICKED_MAX = 64;

/**
 * The encoding to answer with, from an Accept-Encoding header: br or gzip, whichever the client
 * weighs higher (br on a tie), unless it refuses both (q=0) or weighs identity higher.
 */
export function pickEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (typeof header !== 'string') return weighEncodings(header.join(','));
  if (picked.has(header)) return picked.get(header);
  const encoding = weighEncodings(header);
  // Bounded: a client sending ever new values only keeps emptying it.
  if (picked.size >= PICKED_MAX) picked.clear();
  picked.set(header, encoding);
  return encoding;
}

function weighEncodings(header: string): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Math.min(1, Math.max(0, Number(m[1]) || 0));
    }
    weights.set(name, Math.max(q, weights.get(name) ?? 0));
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const encoding of ['br', 'gzip'] as const) {
    if (weight(encoding) > bestQ) {
      best = encoding;
      bestQ = weight(encoding);
    }
  }
  const identity = weights.get('identity') ?? 0;
  return best && bestQ >= identity ? best : undefined;
}

/**
 * Sends a kept answer: its bytes, or its compressed bytes for a client that accepts them. Fastify
 * sends a Buffer as it is, without the serializer; @fastify/compress leaves an answer that already
 * has its content-encoding as it is.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedJson, contentType: string) {
  reply.type(contentType);
  if (answer.json.length < COMPRESS_THRESHOLD) return reply.send(answer.json as never);
  reply.header('vary', 'accept-encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.json as never);
  reply.header('content-encoding', encoding);
  // Made once per kept answer: from the second request on, the bytes go out at once.
  const ready = answer.ready(encoding);
  if (ready) return reply.send(ready as never);
  return answer.as(encoding)!.then((bytes) => reply.send(bytes as never));
}
