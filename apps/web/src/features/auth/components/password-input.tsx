import { useId, useState, type InputHTMLAttributes } from 'react';
import { authText } from '@shop/shared/messages-auth';

/** A masked password field with a show/hide switch, an optional hint and an optional error under it. */
export function PasswordInput({
  label,
  hint,
  error,
  ...input
}: { label: string; hint?: string; error?: string | null } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'>) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-box">
        <input
          {...input}
          id={id}
          type={shown ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <button
          type="button"
          className="password-toggle needs-js"
          aria-pressed={shown}
          aria-controls={id}
          title={shown ? authText.hidePassword : authText.showPassword}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Fshih' : 'Shfaq'}
        </button>
      </div>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
    </div>
  );
}
