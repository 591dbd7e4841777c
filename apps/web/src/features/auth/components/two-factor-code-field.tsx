import { useId, useState } from 'react';
import { twoFactorText } from '@shop/shared/messages-two-factor';
import '../two-factor.css';

/**
 * The code of the second factor: 6 digits from the authenticator app (a number pad on phones,
 * filled by the phone's one-time-code suggestion), or, after 'Përdor një kod rezervë', a recovery
 * code with letters.
 */
export function TwoFactorCodeField({
  value,
  onChange,
  allowRecovery = true,
  hint = twoFactorText.codeHint,
  autoFocus = false,
  name = 'code',
}: {
  value: string;
  onChange: (value: string) => void;
  allowRecovery?: boolean;
  hint?: string;
  autoFocus?: boolean;
  name?: string;
}) {
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  return (
    <div className="field two-factor-code">
      <label htmlFor={id}>{twoFactorText.codeLabel}</label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={40}
        required
        autoFocus={autoFocus}
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <span id={`${id}-hint`} className="field-hint">
        {recovery ? twoFactorText.recoveryHint : hint}
      </span>
      {allowRecovery && (
        <button type="button" className="link-button two-factor-switch" aria-controls={id} onClick={() => setRecovery((r) => !r)}>
          {recovery ? twoFactorText.useApp : twoFactorText.useRecovery}
        </button>
      )}
    </div>
  );
}
