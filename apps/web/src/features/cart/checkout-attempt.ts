/**
 * One Idempotency-Key per checkout attempt. A retry of the same attempt (same payload, after a
 * lost answer or a server error) reuses the key, so the server returns the first order instead of
 * creating a second one, even after a reload of the page. Any other payload is a new attempt.
 * Kept in sessionStorage: it belongs to this tab and ends with it.
 */
const KEY = 'checkout-attempt';

interface Attempt {
  key: string;
  payload: string;
}

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function read(): Attempt | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<Attempt>) : null;
    return parsed && typeof parsed.key === 'string' && typeof parsed.payload === 'string' ? (parsed as Attempt) : null;
  } catch {
    return null;
  }
}

/** The key for this payload: the pending attempt's key when the payload is the same, else a new one. */
export function attemptKey(payload: unknown): string {
  const text = JSON.stringify(payload);
  const pending = read();
  if (pending && pending.payload === text) return pending.key;
  const attempt: Attempt = { key: newKey(), payload: text };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(attempt));
  } catch {
    // Storage blocked: the key still protects against double clicks within this page.
  }
  return attempt.key;
}

/** The attempt got a final answer (success, or a refusal that created nothing): the next one is new. */
export function endAttempt(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
