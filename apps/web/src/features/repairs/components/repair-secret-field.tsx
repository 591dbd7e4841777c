import { useState } from 'react';

/**
 * A secret of the device at intake, the PIN or the pattern lock (decision 018, issue 26): typed
 * hidden like a password, with a button that shows it; when editing a ticket that keeps one, left
 * empty it stays, and a checkbox removes it.
 */
export function RepairSecretField({
  id,
  name,
  label,
  hint,
  value,
  onChange,
  maxLength,
  inputMode,
  error,
  showText,
  hideText,
  keeps,
  keepText,
  removeText,
  removed,
  onRemovedChange,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  inputMode?: 'numeric' | 'text';
  error?: string;
  showText: string;
  hideText: string;
  /** Editing a ticket that keeps a stored one. */
  keeps: boolean;
  keepText: string;
  removeText: string;
  removed: boolean;
  onRemovedChange: (removed: boolean) => void;
}) {
  const [shown, setShown] = useState(false);
  const described = [error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="repair-pin-field">
        <input
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={maxLength}
          inputMode={inputMode}
          autoComplete="new-password"
          spellCheck={false}
          disabled={removed}
          aria-invalid={!!error}
          aria-describedby={described}
        />
        <button type="button" className="btn btn-outline" aria-pressed={shown} aria-controls={id} onClick={() => setShown((s) => !s)}>
          {shown ? hideText : showText}
        </button>
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        {keeps ? `${hint} ${keepText}` : hint}
      </p>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {keeps && (
        <label className="repair-check">
          <input type="checkbox" checked={removed} onChange={(e) => onRemovedChange(e.target.checked)} />
          {removeText}
        </label>
      )}
    </div>
  );
}
