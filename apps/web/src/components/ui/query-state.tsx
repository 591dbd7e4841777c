import type { ReactNode } from 'react';
import { listStateText } from '@shop/shared/messages-shell';

/** A load under way: a status line, with a spinner where the page shows one. */
export function LoadingNote({
  text,
  className = 'muted',
  spinnerClassName,
}: {
  text: string;
  className?: string;
  spinnerClassName?: string;
}) {
  return (
    <p className={className} role="status">
      {spinnerClassName && <span className={spinnerClassName} aria-hidden="true" />}
      {text}
    </p>
  );
}

/** A load that failed: the text and, when it can be asked again, 'Provo përsëri'. */
export function LoadError({ text, onRetry, className }: { text: string; onRetry?: () => void; className?: string }) {
  const classes = className ? `alert alert-error ${className}` : 'alert alert-error';
  if (!onRetry) {
    return (
      <p className={classes} role="alert">
        {text}
      </p>
    );
  }
  return (
    <div className={classes} role="alert">
      <span>{text}</span>{' '}
      <button type="button" className="btn btn-sm btn-ghost" onClick={onRetry}>
        Provo përsëri
      </button>
    </div>
  );
}

/**
 * A storefront list whose read failed (issue 18): 'Diçka shkoi keq. Provo përsëri!' and a
 * 'Provo përsëri' button, never the list's empty text, so a shopper never reads a failure as an
 * empty shop.
 */
export function ListFailed({ onRetry, className }: { onRetry: () => void; className?: string }) {
  return (
    <div className={className ? `list-failed ${className}` : 'list-failed'} role="alert" data-testid="list-failed">
      <p>{listStateText.failed}</p>
      <button type="button" className="btn btn-primary btn-sm" onClick={onRetry}>
        {listStateText.retry}
      </button>
    </div>
  );
}

interface QueryStateProps {
  /** Still loading: shows `loadingText` (without one, the children show their own placeholders). */
  isPending?: boolean;
  /** The load failed (an error, or true); pages whose failed load just ends leave it out. */
  error?: unknown;
  /** Asks again; without it the error has no retry button. */
  onRetry?: () => void;
  errorText?: string | ((error: unknown) => string);
  loadingText?: string;
  loadingClassName?: string;
  spinnerClassName?: string;
  errorClassName?: string;
  /** Loaded but nothing to show: `empty` instead of the children. */
  isEmpty?: boolean;
  empty?: ReactNode;
  children: ReactNode;
}

/** The states of a page's (or an admin panel's) data: loading, failed (with retry), empty, or the content. */
export function QueryState({
  isPending = false,
  error,
  onRetry,
  errorText = '',
  loadingText,
  loadingClassName,
  spinnerClassName,
  errorClassName,
  isEmpty = false,
  empty = null,
  children,
}: QueryStateProps) {
  if (isPending && loadingText !== undefined) {
    return <LoadingNote text={loadingText} className={loadingClassName} spinnerClassName={spinnerClassName} />;
  }
  if (error) {
    const text = typeof errorText === 'function' ? errorText(error) : errorText;
    return <LoadError text={text} onRetry={onRetry} className={errorClassName} />;
  }
  if (isPending) return <>{children}</>;
  return <>{isEmpty ? empty : children}</>;
}
