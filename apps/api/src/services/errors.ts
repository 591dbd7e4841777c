/**
 * What went wrong, by meaning. Services throw these; plugins/errors.ts alone turns them into an
 * HTTP status and the body `{ msg, ...details }`. `message` is the Albanian text the client sees.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    /** Extra fields of the answer's body beside `msg` (the current prices, the unknown ids...). */
    public readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request asks for something that cannot be (unknown products, a malformed key). */
export class Invalid extends DomainError {}

/** No valid session: no token, a bad or expired one, an account gone or blocked. */
export class Unauthenticated extends DomainError {}

/** The caller is known but may not do this (not an admin, a blocked account). */
export class Forbidden extends DomainError {}

/** The thing asked for does not exist. */
export class NotFound extends DomainError {}

/** The request clashes with the current state (prices changed, a printed sheet, the last admin). */
export class Conflict extends DomainError {}

/** Well-formed, but cannot be processed as sent (an idempotency key reused with another body). */
export class Unprocessable extends DomainError {}

/** Too many attempts in the time window; `retryAfterSeconds` leaves as the Retry-After header. */
export class TooManyRequests extends DomainError {
  constructor(
    message: string,
    details: Record<string, unknown> = {},
    public readonly retryAfterSeconds?: number,
  ) {
    super(message, details);
  }
}

/** A service the request needs is not configured or out of reach. */
export class Unavailable extends DomainError {}

/** The request carries more than the shop takes (a photo over its size limit). */
export class TooLarge extends DomainError {}

/**
 * The server is at its bound for this kind of work (the password or photo queue is full, decision
 * 029): 503 with Retry-After, at once, instead of a long wait in line.
 */
export class Busy extends DomainError {
  constructor(
    message: string,
    /** Seconds the client should wait before trying again (the Retry-After header). */
    public readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
