import { useRef, useState, type FormEvent } from 'react';
import { noScriptText } from '@shop/shared/messages';
import { NeedsScript } from '../../../components/ui/needs-script';
import { Link } from '../../../lib/router';
import { authText } from '@shop/shared/messages-auth';
import { authMessages } from '@shop/shared/schemas/auth';
import { clearSession } from '../../../lib/session';
import { ApiError } from '../../../lib/api-client';
import { useResetPasswordMutation } from '../api/auth-api';
import { FORGOT_PASSWORD_PATH } from '../link-paths';
import { passwordReason, passwordReasons } from '../password-rules';
import { failureText } from '../sign-in';
import { NewPasswordFields } from './new-password-fields';

type Outcome = { kind: 'done'; msg: string } | { kind: 'bad-link'; msg: string };

/**
 * The new password page of a reset link (/rivendos-fjalekalimin?token=): new password and its
 * repeat, the rules said up front. Success ends every session on the server, so the stored one
 * (if any) goes too, and the page leads to /kycu. A bad, used or expired link says so and leads
 * back to /harruat-fjalekalimin.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const reset = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<{ text: string; field: 'password' | 'repeat' | null } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { kind: 'bad-link', msg: authText.resetMissingToken });
  const result = useRef<HTMLParagraphElement>(null);

  const finish = (o: Outcome) => {
    setOutcome(o);
    requestAnimationFrame(() => result.current?.focus());
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (reset.isPending || !token) return;
    setError(null);
    const reason = passwordReason(password);
    if (reason) return setError({ text: reason, field: 'password' });
    if (password.length > 200) return setError({ text: authMessages.passwordLong, field: 'password' });
    if (repeat !== password) return setError({ text: authText.passwordsDiffer, field: 'repeat' });
    try {
      const answer = await reset.mutateAsync({ token, password });
      // The server ended every session of the account: this browser's too.
      clearSession();
      finish({ kind: 'done', msg: answer?.msg || authMessages.passwordReset });
    } catch (err) {
      const text = failureText(err, { fallback: authText.resetFailed, network: authText.loginNetwork });
      if (err instanceof ApiError && [400, 404, 410].includes(err.status) && !passwordReasons.has(text))
        finish({ kind: 'bad-link', msg: text });
      else setError({ text, field: passwordReasons.has(text) ? 'password' : null });
    }
  };

  if (outcome?.kind === 'done') {
    return (
      <>
        <p ref={result} className="alert alert-success auth-alert" role="status" tabIndex={-1}>
          {outcome.msg}
        </p>
        <Link to="/kycu" className="btn btn-primary auth-submit">
          {authText.toLoginNow}
        </Link>
      </>
    );
  }
  if (outcome?.kind === 'bad-link') {
    return (
      <>
        <p ref={result} className="alert alert-error auth-alert" role="alert" tabIndex={-1}>
          {outcome.msg}
        </p>
        <Link to={FORGOT_PASSWORD_PATH} className="btn btn-primary auth-submit">
          {authText.requestNewLink}
        </Link>
      </>
    );
  }

  return (
    <>
      {error && (
        <p className="alert alert-error auth-alert" role="alert">
          {error.text}
        </p>
      )}
      {/* Without JavaScript this form cannot send: it says so, and its button is hidden (issue 26).
          A POST, so nothing typed ever lands in the address. */}
      <NeedsScript text={noScriptText.form} />
      <form className="form auth-form" method="post" onSubmit={onSubmit} aria-busy={reset.isPending}>
        <NewPasswordFields
          password={password}
          repeat={repeat}
          onPassword={(e) => setPassword(e.target.value)}
          onRepeat={(e) => setRepeat(e.target.value)}
          passwordError={error?.field === 'password' ? error.text : null}
          repeatError={error?.field === 'repeat' ? error.text : null}
        />
        <button type="submit" className="btn btn-primary auth-submit needs-js" disabled={reset.isPending}>
          {reset.isPending && <span className="spinner" aria-hidden="true" />}
          {authText.resetButton}
        </button>
      </form>
    </>
  );
}
