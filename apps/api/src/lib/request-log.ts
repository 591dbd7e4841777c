import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export type RequestLogMode = 'all' | 'changes' | 'errors';

/** Reads: a successful, quick one is the bulk of the traffic and says nothing an operator acts on. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a finished request gets its line (decision 030). */
export function logsRequest(mode: RequestLogMode, method: string, status: number, slow: boolean): boolean {
  if (mode === 'all' || status >= 400 || slow) return true;
  return mode === 'changes' && !READS.has(method);
}

/**
 * Fastify's request log lines (its `logController` option): one line per request, written when
 * its answer has gone, instead of Fastify's two ("incoming request" and "request completed").
 * The line holds the request as the redacting serializer writes it (lib/log-redaction.ts), the
 * status and the time taken; answers of 500 and up (and a failed answer) are errors, slow ones
 * (`slowMs` or more) warnings, the rest info. Which requests get a line is LOG_REQUESTS (`mode`):
 * by default none for successful quick reads (GET, HEAD), which /metrics counts and times instead.
 * Fastify's other lines (stream errors and the like) stay as they are.
 */
export class RequestLogController extends LogController {
  constructor(
    private readonly mode: RequestLogMode,
    private readonly slowMs: number,
  ) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const slow = ms >= this.slowMs;
    if (!error && !logsRequest(this.mode, request.method, status, slow)) return;
    const fields = { req: request, res: reply, responseTime: ms, ...(error ? { err: error } : {}) };
    if (error || status >= 500) request.log.error(fields, error ? 'request errored' : 'request completed');
    else if (slow) request.log.warn(fields, 'slow request');
    else request.log.info(fields, 'request completed');
  }
}
