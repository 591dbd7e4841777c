import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { twoFactorText } from '@shop/shared/messages-two-factor';
import type { Profile } from '@shop/shared/schemas/auth';
import type { ReauthBody, TwoFactorSetup } from '@shop/shared/schemas/two-factor';
import { failureText } from '../sign-in';
import { useRecoveryCodes, useRefreshProfile, useTwoFactorDisable, useTwoFactorEnable, useTwoFactorSetup } from '../api/two-factor-api';
import { GoogleSignInButton } from './google-sign-in-button';
import { albanianValidity } from '../validity';
import { PasswordInput } from './password-input';
import { TwoFactorCodeField } from './two-factor-code-field';
import '../auth.css';
import '../two-factor.css';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }
  | { kind: 'renew' };

const texts = { fallback: twoFactorText.failed, network: twoFactorText.failed };

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The owner proves it again for every change (issue 24 finding 2): 'Fjalëkalimi aktual', or for an
 * account without a password a fresh sign-in with Google (its ID token goes along).
 */
function Reauth({
  hasPassword,
  password,
  onPassword,
  googleToken,
  onGoogleToken,
  onGoogleError,
  disabled,
}: {
  hasPassword: boolean;
  password: string;
  onPassword: (value: string) => void;
  googleToken: string | null;
  onGoogleToken: (token: string) => void;
  onGoogleError: () => void;
  disabled: boolean;
}) {
  if (hasPassword) {
    return (
      <PasswordInput
        label={twoFactorText.currentPassword}
        hint={twoFactorText.currentPasswordHint}
        name="current-password"
        autoComplete="current-password"
        required
        {...albanianValidity({ valueMissing: twoFactorText.currentPasswordRequired })}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
    );
  }
  return (
    <div className="field">
      <p>{twoFactorText.googleConfirmIntro}</p>
      {googleToken ? (
        <p className="alert alert-success">{twoFactorText.googleConfirmed}</p>
      ) : (
        <GoogleSignInButton
          onCredential={onGoogleToken}
          onError={onGoogleError}
          loadErrorText={twoFactorText.googleRequired}
          disabled={disabled}
        />
      )}
    </div>
  );
}

/** Where the app sends an admin refused for lack of two-factor (ADMIN_2FA=required): the message comes along. */
function useSetupRequiredNotice(): string | null {
  const state = useLocation().state as { twoFactorSetupRequired?: unknown } | null;
  return typeof state?.twoFactorSetupRequired === 'string' ? state.twoFactorSetupRequired : null;
}

/**
 * 'Verifikimi në dy hapa' on the profile of an admin (or of anyone who still has it on): turn it
 * on (QR code and the key for typing, the first code, then the recovery codes shown once) or off
 * (password and a code).
 */
export function TwoFactorSettings({ profile }: { profile: Profile }) {
  const headingId = useId();
  const notice = useSetupRequiredNotice();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [googleToken, setGoogleToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();
  const disable = useTwoFactorDisable();
  const renew = useRecoveryCodes();
  const refreshProfile = useRefreshProfile();
  const sectionRef = useRef<HTMLElement>(null);
  const busy = setup.isPending || enable.isPending || disable.isPending || renew.isPending;

  useEffect(() => {
    if (notice) sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [notice]);

  if (profile.role !== 'admin' && !profile.twoFactorEnabled) return null;

  const reset = (next: Step = { kind: 'idle' }) => {
    setStep(next);
    setCode('');
    setPassword('');
    setGoogleToken(null);
    setError(null);
  };

  /** The proof of the owner the change carries, or the message of what is missing. */
  const proof = (): ReauthBody | string => {
    if (profile.hasPassword) return password ? { password } : twoFactorText.currentPasswordRequired;
    return googleToken ? { googleToken } : twoFactorText.googleRequired;
  };

  const reauth = (
    <Reauth
      hasPassword={profile.hasPassword}
      password={password}
      onPassword={setPassword}
      googleToken={googleToken}
      onGoogleToken={(token) => {
        setGoogleToken(token);
        setError(null);
      }}
      onGoogleError={() => setError(twoFactorText.googleRequired)}
      disabled={busy}
    />
  );

  const start = async () => {
    setStatus(null);
    setError(null);
    try {
      reset({ kind: 'setup', setup: await setup.mutateAsync() });
    } catch (err) {
      setError(failureText(err, texts));
    }
  };

  const confirmEnable = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    const who = proof();
    if (typeof who === 'string') return setError(who);
    if (!code.trim()) return setError(twoFactorText.codeRequired);
    try {
      const { recoveryCodes } = await enable.mutateAsync({ ...who, code: code.trim() });
      reset({ kind: 'codes', codes: recoveryCodes });
      setStatus(twoFactorText.enabledDone);
    } catch (err) {
      setCode('');
      setError(failureText(err, texts));
    }
  };

  const confirmDisable = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    const who = proof();
    if (typeof who === 'string') return setError(who);
    if (!code.trim()) return setError(twoFactorText.codeRequired);
    try {
      const { msg } = await disable.mutateAsync({ ...who, code: code.trim() });
      reset();
      setStatus(msg);
    } catch (err) {
      setCode('');
      setError(failureText(err, texts));
    }
  };

  const confirmRenew = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    const who = proof();
    if (typeof who === 'string') return setError(who);
    if (!code.trim()) return setError(twoFactorText.codeRequired);
    try {
      const { recoveryCodes } = await renew.mutateAsync({ ...who, code: code.trim() });
      reset({ kind: 'codes', codes: recoveryCodes });
      setStatus(twoFactorText.recoveryCodesRenewed);
    } catch (err) {
      setCode('');
      setError(failureText(err, texts));
    }
  };

  const copyCodes = async (codes: string[]) => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setStatus(twoFactorText.copied);
    } catch {
      setStatus(twoFactorText.copyFailed);
    }
  };

  const finish = () => {
    reset();
    void refreshProfile();
  };

  // Between enabling and 'I ruajta kodet' the profile is not read again, so the codes stay on screen.
  const on = step.kind === 'codes' || profile.twoFactorEnabled;

  return (
    <section ref={sectionRef} className="card two-factor" aria-labelledby={headingId}>
      <div className="two-factor-head">
        <h2 id={headingId}>{twoFactorText.title}</h2>
        <span className={`two-factor-state${on ? ' is-on' : ''}`}>{on ? twoFactorText.statusOn : twoFactorText.statusOff}</span>
      </div>
      {notice && !on && (
        <p className="alert alert-info" role="alert">
          {notice}
        </p>
      )}
      <p className="muted">{twoFactorText.intro}</p>
      <div role="status" className="two-factor-status">
        {status && <p className="alert alert-success">{status}</p>}
      </div>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}

      {step.kind === 'idle' && !on && (
        <button type="button" className="btn btn-primary" onClick={start} disabled={busy}>
          {setup.isPending && <span className="spinner" aria-hidden="true" />}
          {twoFactorText.enable}
        </button>
      )}

      {step.kind === 'setup' && (
        <form className="form two-factor-setup" onSubmit={confirmEnable} aria-busy={busy}>
          <p>{twoFactorText.scanQr}</p>
          <img className="two-factor-qr" src={step.setup.qrDataUrl} alt={twoFactorText.qrAlt} width={200} height={200} />
          <p className="two-factor-manual">
            {twoFactorText.manualEntry}{' '}
            <code className="two-factor-secret" aria-label={twoFactorText.secretLabel} data-secret={step.setup.secret}>
              {grouped(step.setup.secret)}
            </code>
          </p>
          <p>{twoFactorText.enableIntro}</p>
          {reauth}
          <TwoFactorCodeField value={code} onChange={setCode} allowRecovery={false} hint={twoFactorText.setupCodeHint} />
          <div className="two-factor-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {enable.isPending && <span className="spinner" aria-hidden="true" />}
              {twoFactorText.confirm}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => reset()} disabled={busy}>
              {twoFactorText.cancel}
            </button>
          </div>
        </form>
      )}

      {step.kind === 'codes' && (
        <div className="two-factor-codes">
          <h3>{twoFactorText.recoveryTitle}</h3>
          <p className="alert alert-info">{twoFactorText.recoveryNote}</p>
          <ul className="two-factor-code-list" aria-label={twoFactorText.recoveryTitle}>
            {step.codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <div className="two-factor-actions">
            <button type="button" className="btn btn-outline" onClick={() => copyCodes(step.codes)}>
              {twoFactorText.copy}
            </button>
            <button type="button" className="btn btn-primary" onClick={finish}>
              {twoFactorText.savedCodes}
            </button>
          </div>
        </div>
      )}

      {step.kind === 'idle' && on && (
        <div className="two-factor-actions">
          <button type="button" className="btn btn-outline" onClick={() => reset({ kind: 'renew' })}>
            {twoFactorText.newRecoveryCodes}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => reset({ kind: 'disable' })}>
            {twoFactorText.disable}
          </button>
        </div>
      )}

      {step.kind === 'renew' && (
        <form className="form two-factor-renew" onSubmit={confirmRenew} aria-busy={busy}>
          <p>{twoFactorText.newRecoveryIntro}</p>
          {reauth}
          <TwoFactorCodeField value={code} onChange={setCode} />
          <div className="two-factor-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {renew.isPending && <span className="spinner" aria-hidden="true" />}
              {twoFactorText.newRecoveryCodes}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => reset()} disabled={busy}>
              {twoFactorText.cancel}
            </button>
          </div>
        </form>
      )}

      {step.kind === 'disable' && (
        <form className="form two-factor-disable" onSubmit={confirmDisable} aria-busy={busy}>
          <p>{twoFactorText.disableIntro}</p>
          {reauth}
          <TwoFactorCodeField value={code} onChange={setCode} />
          <div className="two-factor-actions">
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {disable.isPending && <span className="spinner" aria-hidden="true" />}
              {twoFactorText.disable}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => reset()} disabled={busy}>
              {twoFactorText.cancel}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
