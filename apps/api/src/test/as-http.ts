import { DomainError } from '../services/errors';
import { domainErrorStatus } from '../plugins/errors';

/**
 * A service call whose failure reads as the client would see it: `{ statusCode, message, ...details }`
 * with the status plugins/errors.ts gives the domain error. Other errors pass through unchanged.
 */
export function asHttp<T>(call: Promise<T>): Promise<T> {
  return call.catch((err: unknown) => {
    if (!(err instanceof DomainError)) throw err;
    throw { statusCode: domainErrorStatus(err), message: err.message, ...err.details };
  });
}
