import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from '../../../lib/router';
import { entersStaffArea } from '@shop/shared/domain/permissions';
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

  if (!entersStaffArea(profile) && !profile.twoFactorEnabled) return null;

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

  /** A form's submit that sends the owner's proof and the code, then shows what came back. */
  const confirmWith =
    <T,>(send: (body: ReauthBody & { code: string }) => Promise<T>, done: (answer: T) => void) =>
    async (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      if (busy) return;
      setError(null);
      const who = proof();
      if (typeof who === 'string') return setError(who);
      if (!code.trim()) return setError(twoFactorText.codeRequired);
      try {
        done(await send({ ...who, code: code.trim() }));
      } catch (err) {
        setCode('');
        setError(failureText(err, texts));
      }
    };

  const confirmEnable = confirmWith(enable.mutateAsync, ({ recoveryCodes }) => {
    reset({ kind: 'codes', codes: recoveryCodes });
    setStatus(twoFactorText.enabledDone);
  });
  const confirmDisable = confirmWith(disable.mutateAsync, ({ msg }) => {
    reset();
    setStatus(msg);
  });
  const confirmRenew = confirmWith(renew.mutateAsync, ({ recoveryCodes }) => {
    reset({ kind: 'codes', codes: recoveryCodes });
    setStatus(twoFactorText.recoveryCodesRenewed);
  });
  const formProps = (onSubmit: (e: FormEvent<HTMLFormElement>) => void) => ({
    onSubmit,
    onCancel: () => reset(),
    busy,
    reauth,
    code,
    setCode,
  });

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
        <ChangeForm
          className="two-factor-renew"
          intro={twoFactorText.newRecoveryIntro}
          submitLabel={twoFactorText.newRecoveryCodes}
          submitClass="btn-primary"
          pending={renew.isPending}
          {...formProps(confirmRenew)}
        />
      )}

      {step.kind === 'disable' && (
        <ChangeForm
          className="two-factor-disable"
          intro={twoFactorText.disableIntro}
          submitLabel={twoFactorText.disable}
          submitClass="btn-danger"
          pending={disable.isPending}
          {...formProps(confirmDisable)}
        />
      )}
    </section>
  );
}

/** A change to a two-factor sign-in that is on (new recovery codes, turning it off): its intro, the
 * current password (or Google), a code, and the button that confirms it. */
function ChangeForm(props: {
  className: string;
  intro: string;
  submitLabel: string;
  submitClass: 'btn-primary' | 'btn-danger';
  pending: boolean;
  busy: boolean;
  reauth: ReactNode;
  code: string;
  setCode: (code: string) => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}) {
  return (
    <form className={`form ${props.className}`} onSubmit={props.onSubmit} aria-busy={props.busy}>
      <p>{props.intro}</p>
      {props.reauth}
      <TwoFactorCodeField value={props.code} onChange={props.setCode} />
      <div className="two-factor-actions">
        <button type="submit" className={`btn ${props.submitClass}`} disabled={props.busy}>
          {props.pending && <span className="spinner" aria-hidden="true" />}
          {props.submitLabel}
        </button>
        <button type="button" className="btn btn-outline" onClick={props.onCancel} disabled={props.busy}>
          {twoFactorText.cancel}
        </button>
      </div>
    </form>
  );
}
