import { useEffect, useRef, useState } from 'react';
import { noScriptText } from '@shop/shared/messages';
import { NeedsScript } from '../../../components/ui/needs-script';
import { Link } from '../../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { authText } from '@shop/shared/messages-auth';
import { authMessages } from '@shop/shared/schemas/auth';
import { useSession } from '../../../lib/session';
import { profileQueryRoot, verifyEmailRequest, type MessageAnswer } from '../api/auth-api';
import { failureText } from '../sign-in';
import '../auth.css';

/**
 * One request per link token for the page's life: React's StrictMode runs effects twice, and a
 * single-use token posted twice would answer the second time that the link is used.
 */
const started = new Map<string, Promise<MessageAnswer>>();

function verifyOnce(token: string): Promise<MessageAnswer> {
  let p = started.get(token);
  if (!p) {
    p = verifyEmailRequest(token);
    started.set(token, p);
  }
  return p;
}

/** Forgets the requests made (tests start afresh). */
export function resetVerifyRequests(): void {
  started.clear();
}

type State = { kind: 'checking' } | { kind: 'done'; msg: string } | { kind: 'failed'; msg: string };

/**
 * /verifiko-email?token=: posts the token once on load and says how it went. A logged-in user's
 * profile is read again, so it shows the address as verified.
 */
export function VerifyEmailView({ token }: { token: string | null }) {
  const { isLoggedIn } = useSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'checking' } : { kind: 'failed', msg: authMessages.verifyTokenInvalid },
  );
  const result = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyOnce(token).then(
      (answer) => {
        if (!live) return;
        setState({ kind: 'done', msg: answer?.msg || authMessages.emailVerified });
        void queryClient.invalidateQueries({ queryKey: profileQueryRoot });
      },
      (err: unknown) => {
        if (live) setState({ kind: 'failed', msg: failureText(err, { fallback: authText.verifyFailed, network: authText.loginNetwork }) });
      },
    );
    return () => {
      live = false;
    };
  }, [token, queryClient]);

  useEffect(() => {
    if (state.kind !== 'checking') result.current?.focus();
  }, [state.kind]);

  if (state.kind === 'checking') {
    // Without JavaScript the check never runs: the page says what it needs (issue 26).
    return (
      <>
        <p className="muted needs-js" role="status">
          {authText.verifyChecking}
        </p>
        <NeedsScript text={noScriptText.verify} />
      </>
    );
  }
  return (
    <>
      <p
        ref={result}
        className={`alert auth-alert ${state.kind === 'done' ? 'alert-success' : 'alert-error'}`}
        role={state.kind === 'done' ? 'status' : 'alert'}
        tabIndex={-1}
      >
        {state.msg}
      </p>
      <p className="auth-links">
        {isLoggedIn ? (
          <Link to="/profile" className="btn btn-primary">
            {authText.toProfile}
          </Link>
        ) : (
          <Link to="/kycu" className="btn btn-primary">
            {authText.toLoginNow}
          </Link>
        )}
        <Link to="/" className="btn btn-outline">
          {authText.toHome}
        </Link>
      </p>
    </>
  );
}
