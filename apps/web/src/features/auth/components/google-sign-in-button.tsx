import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { authText } from '@shop/shared/messages-auth';
import { googleClientId, loadGoogleIdentity } from '../hooks/google-identity';

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" width="20" height="20" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.7 17.8 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.2z" />
      <path fill="#FBBC05" d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z" />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.8-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.2 0-11.5-4.2-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

interface GoogleSignInButtonProps {
  /** Gets Google's ID token (the credential) after the user chose an account in the popup. */
  onCredential: (credential: string) => void;
  /** The widget answered without a credential. */
  onError: () => void;
  /** Text under the button when Google's script cannot be loaded. */
  loadErrorText: string;
  /** While the screen is submitting, the button takes no clicks. */
  disabled?: boolean;
  /** Defaults to the one the server configured (`googleClientId`); without one there is no button. */
  clientId?: string;
}

/**
 * Google's own sign-in button (Google Identity Services, popup mode). Shown only when the server
 * has a client id (issue 26, decision 036): otherwise nothing, and the 'ose' beside it goes too
 * (auth.css). When Google's script cannot load, a disabled look-alike with a note.
 */
export function GoogleSignInButton({
  onCredential,
  onError,
  loadErrorText,
  disabled = false,
  clientId = googleClientId(),
}: GoogleSignInButtonProps) {
  const slot = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const handleCredential = useEffectEvent((credential: string) => onCredential(credential));
  const handleError = useEffectEvent(() => onError());

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity().then(
      (gsi) => {
        const el = slot.current;
        if (cancelled || !el) return;
        gsi.initialize({
          client_id: clientId,
          callback: (response) => (response?.credential ? handleCredential(response.credential) : handleError()),
          ux_mode: 'popup',
          auto_select: false,
          itp_support: true,
        });
        gsi.renderButton(el, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text: 'signin_with',
          logo_alignment: 'center',
          locale: 'sq',
          // Google's button is 200-400 px wide; follow the form's width.
          width: Math.max(200, Math.min(400, Math.floor(el.getBoundingClientRect().width) || 320)),
        });
        setStatus('ready');
      },
      () => {
        if (!cancelled) setStatus('error');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (!clientId) return null;
  if (status === 'error') {
    return (
      <div className="google-signin">
        <button type="button" className="btn btn-ghost google-fallback" disabled aria-describedby="google-note">
          <GoogleMark />
          {authText.googleButton}
        </button>
        <p id="google-note" className="field-hint google-note">
          {loadErrorText}
        </p>
      </div>
    );
  }

  return (
    <div className="google-signin" aria-busy={status === 'loading'}>
      {/* Google renders its iframe into this element: React keeps no children in it. */}
      <div ref={slot} className={`google-slot${disabled ? ' is-disabled' : ''}`} inert={disabled} />
      {status === 'loading' && (
        <span className="google-placeholder">
          <GoogleMark />
          <span className="visually-hidden">{authText.googleLoading}</span>
        </span>
      )}
    </div>
  );
}
