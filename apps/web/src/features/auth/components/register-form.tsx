import { useId, useState, type FormEvent } from 'react';
import { noScriptText } from '@shop/shared/messages';
import { NeedsScript } from '../../../components/ui/needs-script';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { authText } from '@shop/shared/messages-auth';
import { authMessages, registerBodySchema } from '@shop/shared/schemas/auth';
import { setToken } from '../../../lib/session';
import { useRegisterMutation } from '../api/auth-api';
import { afterCheckoutRegistration, comesFromCheckout, failureText, readAuthState } from '../sign-in';
import { passwordReason, passwordReasons } from '../password-rules';
import { albanianValidity } from '../validity';
import { PasswordInput } from './password-input';

/**
 * The two register screens. `register` (/register): name, email, password; success goes to
 * /login. `regjistrohu` (/regjistrohu): adds an optional phone; success stores the returned token
 * and goes to /kycu (product.md §4).
 */
export function RegisterForm({ variant }: { variant: 'register' | 'regjistrohu' }) {
  const isRegjistrohu = variant === 'regjistrohu';
  const navigate = useNavigate();
  const location = useLocation();
  const { from } = readAuthState(location.state);
  const register = useRegisterMutation();
  const [form, setForm] = useState({ name: '', email: '', phone: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  /** The alert's text again under the password field, when the password is what was refused. */
  const passwordError = error && passwordReasons.has(error) ? error : null;
  const ids = { name: useId(), email: useId(), phone: useId() };
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (register.isPending) return;
    setError(null);
    const body = {
      name: form.name,
      email: form.email,
      password: form.password,
      ...(isRegjistrohu && form.phone.trim() ? { phone: form.phone } : {}),
    };
    // The same rules as the server, so the common mistakes are named without a round trip.
    const parsed = registerBodySchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? authText.registerFailed);
      return;
    }
    // The rules that need no list (the server also refuses common passwords, and says so).
    const reason = passwordReason(parsed.data.password, { email: parsed.data.email, name: parsed.data.name });
    if (reason) {
      setError(reason);
      return;
    }
    try {
      const answer = await register.mutateAsync(parsed.data);
      // On the way from the checkout: back to it signed in, no second password (issue 30).
      const back = afterCheckoutRegistration(answer, from);
      if (back) {
        await navigate(back, { replace: true });
        return;
      }
      const state = { registered: parsed.data.email, ...(from ? { from } : {}) };
      if (isRegjistrohu) {
        if (answer?.token) setToken(answer.token);
        await navigate('/kycu', { state });
      } else {
        await navigate('/login', { state });
      }
    } catch (err) {
      setError(failureText(err, { fallback: authText.registerFailed, network: authText.registerNetwork }));
    }
  };

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
      {comesFromCheckout(from) && <p className="muted auth-return">{authText.registerFromCheckout}</p>}
      <form className="form auth-form" method="post" onSubmit={onSubmit} aria-busy={register.isPending}>
        <div className="field">
          <label htmlFor={ids.name}>{authText.fullName}</label>
          <input
            id={ids.name}
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            value={form.name}
            onChange={set('name')}
            {...albanianValidity({ valueMissing: authMessages.nameRequired })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.email}>{authText.email}</label>
          <input
            id={ids.email}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            value={form.email}
            onChange={set('email')}
            {...albanianValidity({ valueMissing: authMessages.emailRequired, typeMismatch: authMessages.emailInvalid })}
          />
        </div>
        {isRegjistrohu && (
          <div className="field">
            <label htmlFor={ids.phone}>
              {authText.phone} <span className="muted">{authText.optional}</span>
            </label>
            <input
              id={ids.phone}
              type="tel"
              name="phone"
              autoComplete="tel"
              inputMode="tel"
              maxLength={30}
              placeholder="+383 4x xxx xxx"
              value={form.phone}
              onChange={set('phone')}
            />
          </div>
        )}
        <PasswordInput
          label={authText.password}
          hint={authText.passwordHint}
          error={passwordError}
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={200}
          value={form.password}
          onChange={set('password')}
          {...albanianValidity({ valueMissing: authMessages.passwordRequired, tooShort: authMessages.passwordShort })}
        />
        <button type="submit" className="btn btn-primary auth-submit needs-js" disabled={register.isPending}>
          {register.isPending && <span className="spinner" aria-hidden="true" />}
          {authText.registerButton}
        </button>
      </form>
      <p className="auth-footer">
        {authText.haveAccount}{' '}
        <Link to={isRegjistrohu ? '/kycu' : '/login'} state={from ? { from } : undefined}>
          {authText.toLogin}
        </Link>
      </p>
    </>
  );
}
