/** An error with an HTTP status and the Albanian message the client sees as { msg }. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const httpError = (statusCode: number, message: string, extra?: Record<string, unknown>) =>
  new HttpError(statusCode, message, extra);
