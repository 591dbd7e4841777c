import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../../lib/router';
import { authText } from '@shop/shared/messages-auth';
import { authMessages, changePasswordBodySchema, type Profile } from '@shop/shared/schemas/auth';
import { clearSession } from '../../../lib/session';
import { useChangePasswordMutation, useLogoutAllMutation, useResendVerificationMutation } from '../api/auth-api';
import { FORGOT_PASSWORD_PATH } from '../link-paths';
import { passwordReason, passwordReasons } from '../password-rules';
import { failureText, storeSignIn } from '../sign-in';
import { albanianValidity } from '../validity';
import { PasswordInput } from './password-input';
import { NewPasswordFields } from './new-password-fields';
import '../auth.css';

type Note = { ok: boolean; text: string } | null;

/** 'Email-i juaj nuk është verifikuar.' with 'Dërgo përsëri' (POST /auth/resend-verification). */
export function VerificationNotice() {
  const resend = useResendVerificationMutation();
  const [note, setNote] = useState<Note>(null);
  const onResend = async () => {
    if (resend.isPending) return;
    setNote(null);
    try {
      const answer = await resend.mutateAsync();
      setNote({ ok: true, text: answer?.msg || authMessages.verificationSent });
    } catch (err) {
      setNote({ ok: false, text: failureText(err, { fallback: authText.resendFailed, network: authText.loginNetwork }) });
    }
  };
  return (
    <div className="alert alert-info security-notice">
      <p className="security-notice-title">
        <strong>{authText.notVerified}</strong>
      </p>
      <p>{authText.notVerifiedMore}</p>
      <button type="button" className="btn btn-outline btn-sm" onClick={onResend} disabled={resend.isPending} aria-busy={resend.isPending}>
        {authText.resend}
      </button>
      <p role="status" className={note && !note.ok ? 'field-error' : 'security-note'}>
        {note?.text}
      </p>
    </div>
  );
}

/** 'Ndrysho fjalëkalimin': current, new and repeat; the answer's new session replaces the stored one. */
export function ChangePasswordForm({ profile }: { profile: Pick<Profile, 'email' | 'name'> }) {
  const change = useChangePasswordMutation();
  const [form, setForm] = useState({ current: '', next: '', repeat: '' });
  const [error, setError] = useState<{ text: string; field: 'current' | 'next' | 'repeat' | null } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const titleId = useId();
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (change.isPending) return;
    setError(null);
    setDone(null);
    if (!form.current) return setError({ text: authMessages.currentPasswordRequired, field: 'current' });
    const reason = passwordReason(form.next, profile);
    if (reason) return setError({ text: reason, field: 'next' });
    if (form.repeat !== form.next) return setError({ text: authText.passwordsDiffer, field: 'repeat' });
    const parsed = changePasswordBodySchema.safeParse({ currentPassword: form.current, newPassword: form.next });
    if (!parsed.success) return setError({ text: parsed.error.issues[0]?.message ?? authText.changePasswordFailed, field: null });
    try {
      const answer = await change.mutateAsync(parsed.data);
      // The server ended the other sessions and answers a new one for this browser.
      if (!storeSignIn(answer)) return setError({ text: authText.changePasswordFailed, field: null });
      setForm({ current: '', next: '', repeat: '' });
      setDone(answer?.msg || authMessages.passwordChanged);
    } catch (err) {
      const text = failureText(err, { fallback: authText.changePasswordFailed, network: authText.loginNetwork });
      const field = text === authMessages.currentPasswordWrong ? 'current' : passwordReasons.has(text) ? 'next' : null;
      setError({ text, field });
    }
  };

  return (
    <section className="card security-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="security-title">
        {authText.changePasswordTitle}
      </h2>
      {error && (
        <p className="alert alert-error auth-alert" role="alert">
          {error.text}
        </p>
      )}
      <p role="status" className={done ? 'alert alert-success auth-alert' : 'visually-hidden'}>
        {done}
      </p>
      <form className="form security-form" onSubmit={onSubmit} aria-busy={change.isPending}>
        {/* Lets password managers pair the new password with the account. */}
        <input type="email" name="username" autoComplete="username" value={profile.email} readOnly hidden />
        <PasswordInput
          label={authText.currentPassword}
          error={error?.field === 'current' ? error.text : null}
          name="current-password"
          autoComplete="current-password"
          required
          maxLength={200}
          value={form.current}
          onChange={set('current')}
          {...albanianValidity({ valueMissing: authMessages.currentPasswordRequired })}
        />
        <NewPasswordFields
          password={form.next}
          repeat={form.repeat}
          onPassword={set('next')}
          onRepeat={set('repeat')}
          passwordError={error?.field === 'next' ? error.text : null}
          repeatError={error?.field === 'repeat' ? error.text : null}
        />
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending && <span className="spinner" aria-hidden="true" />}
          {authText.changePasswordButton}
        </button>
      </form>
    </section>
  );
}

/** For an account made by Google sign-in: how to set a password. */
export function NoPasswordNote() {
  const titleId = useId();
  return (
    <section className="card security-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="security-title">
        {authText.noPasswordTitle}
      </h2>
      <p>{authText.noPasswordText}</p>
      <Link to={FORGOT_PASSWORD_PATH} className="btn btn-outline btn-sm">
        {authText.setPasswordLink}
      </Link>
    </section>
  );
}

/** 'Dil nga të gjitha pajisjet': the server ends every session, then this browser's goes and the user is sent to /kycu. */
export function LogoutEverywhere() {
  const logoutAll = useLogoutAllMutation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const clearOnLeave = useRef(false);
  const onClick = async () => {
    if (logoutAll.isPending) return;
    setError(null);
    try {
      await logoutAll.mutateAsync();
    } catch (err) {
      setError(failureText(err, { fallback: authText.logoutAllFailed, network: authText.loginNetwork }));
      return;
    }
    // Leave the guarded page first (a session ended under the guard would send the user to /):
    // the session is cleared when this section goes, i.e. once /kycu is on screen.
    clearOnLeave.current = true;
    void navigate('/kycu', { replace: true });
  };
  useEffect(
    () => () => {
      if (clearOnLeave.current) clearSession();
    },
    [],
  );
  return (
    <section className="card security-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="security-title">
        {authText.devicesTitle}
      </h2>
      <p>{authText.devicesText}</p>
      {error && (
        <p className="alert alert-error auth-alert" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-danger btn-sm" onClick={onClick} disabled={logoutAll.isPending}>
        {logoutAll.isPending && <span className="spinner" aria-hidden="true" />}
        {authText.logoutAll}
      </button>
    </section>
  );
}

/** The profile's account-security block: verification, password, devices. */
export function AccountSecurity({ profile }: { profile: Profile }) {
  return (
    <div className="security-sections" aria-label={authText.securityTitle} role="group">
      {/* Compared with false: an answer without the fields (an older server) shows no warning. */}
      {profile.emailVerified === false && <VerificationNotice />}
      {profile.hasPassword === false ? <NoPasswordNote /> : <ChangePasswordForm profile={profile} />}
      <LogoutEverywhere />
    </div>
  );
}
