import type { ReactNode } from 'react';
import { adminMsg } from '@shop/shared/messages-admin';
import { errorText } from '../error-text';

/** Loading text, or the load error with a retry button, or the content. */
export function QueryState({
  isPending,
  error,
  onRetry,
  loadingText = adminMsg.loading,
  children,
}: {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  loadingText?: string;
  children: ReactNode;
}) {
  if (isPending) {
    return (
      <p className="admin-loading" role="status">
        <span className="admin-spinner" aria-hidden="true" />
        {loadingText}
      </p>
    );
  }
  if (error) {
    return (
      <div className="alert alert-error admin-load-error" role="alert">
        <span>{errorText(error, 'Të dhënat nuk u ngarkuan.')}</span>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onRetry}>
          Provo përsëri
        </button>
      </div>
    );
  }
  return <>{children}</>;
}

/** The outcome of the last action: an error (role=alert) or a success note (role=status). */
export function ActionMessage({
  message,
  onDismiss,
}: {
  message: { kind: 'error' | 'success'; text: string } | null;
  onDismiss: () => void;
}) {
  return (
    <div className="admin-action-message" aria-live="polite">
      {message && (
        <div
          className={`alert ${message.kind === 'error' ? 'alert-error' : 'alert-success'}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          <span>{message.text}</span>
          <button type="button" className="admin-dismiss" onClick={onDismiss} aria-label="Mbyll njoftimin">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
