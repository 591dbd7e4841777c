import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { authText } from '@shop/shared/messages-auth';
import { authMessages, loginBodySchema } from '@shop/shared/schemas/auth';
import { twoFactorText } from '@shop/shared/messages-two-factor';
import { isTwoFactorRequired } from '../../../lib/api-client';
import { usePageAnswer } from '../../../lib/page-answer';
import { useGoogleMutation, useLoginMutation } from '../api/auth-api';
import { FORGOT_PASSWORD_PATH } from '../link-paths';
import { afterLoginTarget, failureText, readAuthState, storeSignIn } from '../sign-in';
import { albanianValidity } from '../validity';
import { GoogleSignInButton } from './google-sign-in-button';
import { PasswordInput } from './password-input';
import { TwoFactorCodeField } from './two-factor-code-field';

/**
 * The two login screens of the spec. `login` (/login): success goes back to where a guard sent
 * the user from, else an admin to /warranty and anyone else to /profile. `kycu` (/kycu): adds
 * 'keep me logged in', and goes to / after success. Both lead to 'Keni harruar fjalëkalimin?' (issue 13).
 * The form also works as a plain HTML form (issue 26).
 */
export function LoginForm({ variant }: { variant: 'login' | 'kycu' }) {
  const isKycu = variant === 'kycu';
  const navigate = useNavigate();
  const location = useLocation();
  const { from, registered } = readAuthState(location.state);
  const login = useLoginMutation();
  const google = useGoogleMutation();
  // The server's answer when the form was posted without JavaScript (routes/page-forms.ts): the
  // e-mail typed and why the sign-in failed.
  const answered = usePageAnswer<{ email: string; error: string }>('login');
  const [email, setEmail] = useState(registered ?? answered?.email ?? '');
  const [password, setPassword] = useState('');
  const [keepLoggedIn, setKeepLoggedIn] = useState(false);
  const [error, setError] = useState<string | null>(answered?.error ?? null);
  const [info, setInfo] = useState<string | null>(registered ? authText.registered : null);
  // An account with two-factor on answered 401 twoFactorRequired: the same sign-in again, with a code.
  const [secondFactor, setSecondFactor] = useState<{ email: string } | { credential: string } | null>(null);
  const [code, setCode] = useState('');
  const submitting = login.isPending || google.isPending;
  const ids = { email: useId(), keep: useId() };

  const done = (user: NonNullable<ReturnType<typeof storeSignIn>>) =>
    navigate(isKycu ? '/' : afterLoginTarget(user, from), { replace: true });

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submitting) return;
    setError(null);
    setInfo(null);
    const parsed = loginBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? authText.loginFailed);
      return;
    }
    const texts = { fallback: isKycu ? authText.kycuFailed : authText.loginFailed, network: authText.loginNetwork };
    try {
      const user = storeSignIn(await login.mutateAsync({ email: parsed.data.email, password }));
      if (!user) return setError(texts.fallback);
      await done(user);
    } catch (err) {
      if (isTwoFactorRequired(err)) return askForCode({ email: parsed.data.email }, err.message);
      setError(failureText(err, texts));
    }
  };

  const askForCode = (step: { email: string } | { credential: string }, message: string) => {
    setSecondFactor(step);
    setCode('');
    setInfo(message || twoFactorText.loginStepIntro);
  };

  /** The second step: the first sign-in again (password, or the same Google credential) with the code. */
  const onSubmitCode = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submitting || !secondFactor) return;
    setError(null);
    setInfo(null);
    const typed = code.trim();
    if (!typed) return setError(twoFactorText.codeRequired);
    const texts = { fallback: isKycu ? authText.kycuFailed : authText.loginFailed, network: authText.loginNetwork };
    try {
      const answer =
        'email' in secondFactor
          ? await login.mutateAsync({ email: secondFactor.email, password, code: typed })
          : await google.mutateAsync({ credential: secondFactor.credential, code: typed });
      const user = storeSignIn(answer);
      if (!user) return setError(texts.fallback);
      await done(user);
    } catch (err) {
      setCode('');
      setError(failureText(err, texts));
    }
  };

  const onGoogleCredential = async (credential: string) => {
    if (submitting) return;
    setError(null);
    setInfo(null);
    // /login names the failure (product.md §8); on /kycu the popup sign-in has one alert text.
    const texts = isKycu
      ? { fallback: authText.googlePopupFailed, network: authText.googlePopupFailed }
      : { fallback: authText.googleFailed, network: authText.googleNetwork };
    try {
      const user = storeSignIn(await google.mutateAsync(credential));
      if (!user) return setError(texts.fallback);
      await done(user);
    } catch (err) {
      if (isTwoFactorRequired(err)) return askForCode({ credential }, err.message);
      setError(failureText(err, texts));
    }
  };

  const widgetFailed = isKycu ? authText.googlePopupFailed : authText.googleWidgetFailed;
  const otherScreen = isKycu ? '/regjistrohu' : '/register';

  if (secondFactor) {
    return (
      <>
        {info && (
          <p className="alert alert-info auth-alert" role="status">
            {info}
          </p>
        )}
        {error && (
          <p className="alert alert-error auth-alert" role="alert">
            {error}
          </p>
        )}
        <form className="form auth-form" onSubmit={onSubmitCode} aria-busy={submitting} aria-label={twoFactorText.title}>
          <TwoFactorCodeField value={code} onChange={setCode} autoFocus />
          <button type="submit" className="btn btn-primary auth-submit" disabled={submitting}>
            {submitting && <span className="spinner" aria-hidden="true" />}
            {authText.loginButton}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setSecondFactor(null);
              setError(null);
              setInfo(null);
            }}
          >
            {twoFactorText.back}
          </button>
        </form>
      </>
    );
  }

  return (
    <>
      {info && (
        <p className="alert alert-success auth-alert" role="status">
          {info}
        </p>
      )}
      {error && (
        <p className="alert alert-error auth-alert" role="alert">
          {error}
        </p>
      )}
      {isKycu && (
        <>
          <GoogleSignInButton
            onCredential={onGoogleCredential}
            onError={() => setError(widgetFailed)}
            loadErrorText={widgetFailed}
            disabled={submitting}
          />
          <div className="auth-divider">{authText.divider}</div>
        </>
      )}
      {/* Posted to the server as it is before the app is live or without JavaScript (issue 26):
          the same sign-in, answered with a redirect or this page with the error. */}
      <form className="form auth-form" method="post" action={isKycu ? '/kycu' : '/login'} onSubmit={onSubmit} aria-busy={submitting}>
        <div className="field">
          <label htmlFor={ids.email}>{authText.email}</label>
          <input
            id={ids.email}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            {...albanianValidity({ valueMissing: authMessages.emailRequired, typeMismatch: authMessages.emailInvalid })}
          />
        </div>
        <PasswordInput
          label={authText.password}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          {...albanianValidity({ valueMissing: authMessages.passwordRequired })}
        />
        <div className={`auth-row${isKycu ? '' : ' auth-row-end'}`}>
          {isKycu && (
            /* product.md §2.6: shown, but no call reads it (the session always lasts its token's lifetime). */
            <label className="checkbox" htmlFor={ids.keep}>
              <input id={ids.keep} type="checkbox" checked={keepLoggedIn} onChange={(e) => setKeepLoggedIn(e.target.checked)} />
              {authText.keepLoggedIn}
            </label>
          )}
          <Link className="auth-forgot" to={FORGOT_PASSWORD_PATH} state={from ? { from } : undefined}>
            {authText.forgotPassword}
          </Link>
        </div>
        <button type="submit" className="btn btn-primary auth-submit" disabled={submitting}>
          {login.isPending && <span className="spinner" aria-hidden="true" />}
          {authText.loginButton}
        </button>
      </form>
      {!isKycu && (
        <>
          <div className="auth-divider">{authText.divider}</div>
          <GoogleSignInButton
            onCredential={onGoogleCredential}
            onError={() => setError(widgetFailed)}
            loadErrorText={widgetFailed}
            disabled={submitting}
          />
        </>
      )}
      <p className="auth-footer">
        {authText.noAccount}{' '}
        <Link to={otherScreen} state={from ? { from } : undefined}>
          {authText.toRegister}
        </Link>
      </p>
    </>
  );
}
