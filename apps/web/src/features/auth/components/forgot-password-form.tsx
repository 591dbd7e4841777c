import { useId, useRef, useState, type FormEvent } from 'react';
import { noScriptText } from '@shop/shared/messages';
import { NeedsScript } from '../../../components/ui/needs-script';
import { Link } from '../../../lib/router';
import { authText } from '@shop/shared/messages-auth';
import { authMessages, forgotPasswordBodySchema } from '@shop/shared/schemas/auth';
import { useForgotPasswordMutation } from '../api/auth-api';
import { failureText } from '../sign-in';
import { albanianValidity } from '../validity';

/**
 * 'Keni harruar fjalëkalimin?' (/harruat-fjalekalimin): the e-mail, 'Dërgo lidhjen', then the
 * server's neutral answer (the same whether or not the address has an account).
 */
export function ForgotPasswordForm() {
  const forgot = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const emailId = useId();
  const done = useRef<HTMLParagraphElement>(null);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (forgot.isPending) return;
    setError(null);
    const parsed = forgotPasswordBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? authMessages.emailInvalid);
      return;
    }
    try {
      const answer = await forgot.mutateAsync(parsed.data.email);
      setSent(answer?.msg || authMessages.resetRequested);
      // The form goes away: focus the answer so keyboard and screen-reader users land on it.
      requestAnimationFrame(() => done.current?.focus());
    } catch (err) {
      setError(failureText(err, { fallback: authText.forgotFailed, network: authText.loginNetwork }));
    }
  };

  if (sent) {
    return (
      <>
        <p ref={done} className="alert alert-success auth-alert" role="status" tabIndex={-1}>
          {sent}
        </p>
        <p className="muted auth-note">{authText.forgotLinkValidity}</p>
        <p className="auth-footer">
          <Link to="/kycu">{authText.backToLogin}</Link>
        </p>
      </>
    );
  }

  return (
    <>
      {error && (
        <p className="alert alert-error auth-alert" role="alert">
          {error}
        </p>
      )}
      {/* Without JavaScript this form cannot send: it says so, and its button is hidden (issue 26).
          A POST, so nothing typed ever lands in the address. */}
      <NeedsScript text={noScriptText.form} />
      <form className="form auth-form" method="post" onSubmit={onSubmit} aria-busy={forgot.isPending}>
        <div className="field">
          <label htmlFor={emailId}>{authText.email}</label>
          <input
            id={emailId}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            {...albanianValidity({ valueMissing: authMessages.emailRequired, typeMismatch: authMessages.emailInvalid })}
          />
        </div>
        <button type="submit" className="btn btn-primary auth-submit needs-js" disabled={forgot.isPending}>
          {forgot.isPending && <span className="spinner" aria-hidden="true" />}
          {authText.forgotButton}
        </button>
      </form>
      <p className="auth-footer">
        <Link to="/kycu">{authText.backToLogin}</Link>
      </p>
    </>
  );
}
