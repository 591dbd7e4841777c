import { getToken } from './session';

/** An answer from our API that was not ok: status and the server's Albanian msg. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** The answer's JSON as sent; read it only through a shared schema's safeParse. */
    public readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

/** The server could not be reached at all. */
export class NetworkError extends Error {}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the stored token as a bearer credential (default: when one is stored). */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * The server's Albanian message of an error answer ({ msg }, or a framework's { error }), else ''.
 * Checked by hand rather than with errorSchema, so the first page's bundle stays free of Zod.
 */
function messageOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  if ('msg' in body && typeof body.msg === 'string') return body.msg;
  if ('error' in body && typeof body.error === 'string') return body.error;
  return '';
}

/** A 401 at sign-in: the account has two-factor on, and the code must be sent along. */
export const isTwoFactorRequired = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status === 401 && flagOf(err.body, 'twoFactorRequired');

/** A 403 of an admin route under ADMIN_2FA=required: the admin must turn two-factor on first. */
export const isTwoFactorSetupRequired = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status === 403 && flagOf(err.body, 'twoFactorSetupRequired');

function flagOf(body: unknown, key: string): boolean {
  return typeof body === 'object' && body !== null && (body as Record<string, unknown>)[key] === true;
}

const twoFactorSetupListeners = new Set<(message: string) => void>();

/**
 * Called with the server's message whenever an answer says the admin must turn two-factor on
 * (the app sends him to his profile). Returns the unsubscribe.
 */
export function onTwoFactorSetupRequired(listener: (message: string) => void): () => void {
  twoFactorSetupListeners.add(listener);
  return () => twoFactorSetupListeners.delete(listener);
}

let transport: typeof fetch | undefined;

/**
 * How the API is reached when not by the global fetch: the server's renderer (entry-server.tsx)
 * asks its own process, without a socket.
 */
export function setApiTransport(fetchApi: typeof fetch): void {
  transport = fetchApi;
}

/** The one HTTP client of the web app: JSON (or FormData) in, JSON out, errors as ApiError / NetworkError. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  // FormData (photo uploads) goes as multipart: the browser writes its Content-Type with the boundary.
  // A file (a CSV import) goes as it is, with the type the caller names in `headers`.
  const form =
    (typeof FormData !== 'undefined' && opts.body instanceof FormData) || (typeof Blob !== 'undefined' && opts.body instanceof Blob)
      ? opts.body
      : undefined;
  if (opts.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const token = opts.auth === false ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await (transport ?? fetch)(path, {
      method: opts.method ?? 'GET',
      headers,
      body: form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      signal: opts.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(err instanceof Error ? err.message : 'network');
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) {
    const error = new ApiError(res.status, messageOf(data), data);
    if (isTwoFactorSetupRequired(error)) twoFactorSetupListeners.forEach((l) => l(error.message));
    throw error;
  }
  return data as T;
}

/**
 * A file from the API (a CSV export) with the stored token: its bytes and the name the server's
 * Content-Disposition gives it. Errors as `api` throws them.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await (transport ?? fetch)(path, { headers });
  } catch (err) {
    throw new NetworkError(err instanceof Error ? err.message : 'network');
  }
  if (!res.ok) {
    let data: unknown = undefined;
    try {
      data = JSON.parse(await res.text());
    } catch {
      data = undefined;
    }
    throw new ApiError(res.status, messageOf(data), data);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await res.blob(), fileName: name ?? fallbackName };
}
