import { adminMsg } from '@shop/shared/messages-admin';
import { ApiError, NetworkError } from '../../lib/api-client';

/** What an admin sees when a call fails: the server's Albanian msg, else a fallback; never silence. */
export function errorText(err: unknown, fallback: string = adminMsg.genericError): string {
  if (err instanceof ApiError) return err.message || fallback;
  if (err instanceof NetworkError) return adminMsg.networkError;
  return fallback;
}

/** How the admin's panels show their data's states (components/ui/query-state): a spinner, the error with a retry. */
export const adminQueryStates = {
  loadingText: adminMsg.loading,
  loadingClassName: 'admin-loading',
  spinnerClassName: 'admin-spinner',
  errorClassName: 'admin-load-error',
  errorText: (err: unknown) => errorText(err, 'Të dhënat nuk u ngarkuan.'),
};
