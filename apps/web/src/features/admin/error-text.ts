import { adminMsg } from '@shop/shared/messages-admin';
import { ApiError, NetworkError } from '../../lib/api-client';

/** What an admin sees when a call fails: the server's Albanian msg, else a fallback; never silence. */
export function errorText(err: unknown, fallback: string = adminMsg.genericError): string {
  if (err instanceof ApiError) return err.message || fallback;
  if (err instanceof NetworkError) return adminMsg.networkError;
  return fallback;
}
