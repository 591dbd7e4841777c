import { useId, useState, type InputHTMLAttributes } from 'react';
import { authText } from '@shop/shared/messages-auth';

/** A masked password field with a show/hide switch. */
export function PasswordInput({
  label,
  hint,
  ...input
}: { label: string; hint?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'>) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-box">
        <input {...input} id={id} type={shown ? 'text' : 'password'} aria-describedby={hint ? `${id}-hint` : undefined} />
        <button
          type="button"
          className="password-toggle"
          aria-pressed={shown}
          aria-controls={id}
          title={shown ? authText.hidePassword : authText.showPassword}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Fshih' : 'Shfaq'}
        </button>
      </div>
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
    </div>
  );
}
