import type { ChangeEvent } from 'react';
import { authText } from '@shop/shared/messages-auth';
import { authMessages } from '@shop/shared/schemas/auth';
import { albanianValidity } from '../validity';
import { PasswordInput } from './password-input';

/**
 * A new password and its repetition, as the reset page and the profile's 'Ndrysho fjalëkalimin'
 * ask them: the rules written under the first, the browser's checks in Albanian, and each field's
 * own error from the form.
 */
export function NewPasswordFields({
  password,
  repeat,
  onPassword,
  onRepeat,
  passwordError,
  repeatError,
}: {
  password: string;
  repeat: string;
  onPassword: (e: ChangeEvent<HTMLInputElement>) => void;
  onRepeat: (e: ChangeEvent<HTMLInputElement>) => void;
  passwordError: string | null;
  repeatError: string | null;
}) {
  return (
    <>
      <PasswordInput
        label={authText.newPassword}
        hint={authText.passwordHint}
        error={passwordError}
        name="new-password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={200}
        value={password}
        onChange={onPassword}
        {...albanianValidity({ valueMissing: authMessages.passwordRequired, tooShort: authMessages.passwordShort })}
      />
      <PasswordInput
        label={authText.repeatPassword}
        error={repeatError}
        name="repeat-password"
        autoComplete="new-password"
        required
        maxLength={200}
        value={repeat}
        onChange={onRepeat}
        {...albanianValidity({ valueMissing: authMessages.passwordRequired })}
      />
    </>
  );
}
