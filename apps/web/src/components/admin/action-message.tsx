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
