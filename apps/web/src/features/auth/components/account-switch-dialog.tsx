import { useNavigate } from '../../../lib/router';
import { useQuery } from '@tanstack/react-query';
import { accountSwitchText as authText } from '@shop/shared/messages-shell';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { endServerSession, setSession, useSession } from '../../../lib/session';
import { profileOfToken } from '../api/auth-api';
import { dropAccountSwitch, usePendingAccountSwitch } from '../pending-switch';
import '../auth.css';

const who = (u: { name?: string | null; email?: string | null } | null | undefined) => u?.name?.trim() || u?.email || '';

/**
 * The question asked when a `?token=` link arrives while another user is logged in: 'Jeni kyçur
 * si … . Të vazhdoni si …?'. The other account's name comes from GET /auth/profile with the link's
 * token; a refused token says the link is not valid and keeps the current session. An alert
 * dialog: the page behind it is inert, Tab stays inside, Escape answers no.
 */
export function AccountSwitchDialog() {
  const token = usePendingAccountSwitch();
  const { user, token: current } = useSession();
  // Nobody is logged in any more (logged out in another tab meanwhile): nothing to ask.
  if (!token || !current || !user) return null;
  return <SwitchQuestion key={token} token={token} currentName={who(user)} currentToken={current} />;
}

function SwitchQuestion({ token, currentName, currentToken }: { token: string; currentName: string; currentToken: string }) {
  const navigate = useNavigate();
  const other = useQuery({
    queryKey: ['auth', 'switch-profile', token],
    queryFn: ({ signal }) => profileOfToken(token, signal),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  const stay = () => dropAccountSwitch();

  const go = () => {
    const p = other.data;
    if (!p) return;
    // The session left behind ends on the server too.
    if (currentToken !== token) endServerSession(currentToken);
    setSession(token, { id: p.id, name: p.name, email: p.email, role: p.role, isAdmin: p.role === 'admin' });
    dropAccountSwitch();
    void navigate('/profile');
  };

  const state = other.isSuccess ? 'ask' : other.isError ? 'invalid' : 'checking';
  const otherName = other.data ? who(other.data) : '';
  // Escape answers no; focus is not handed back (the page behind goes on as it was); the safe
  // answer has the focus, whatever state the question is in.
  return (
    <AlertDialog
      title={authText.switchTitle}
      text={
        state === 'ask'
          ? authText.switchQuestion(currentName, otherName)
          : state === 'invalid'
            ? authText.switchInvalid(currentName)
            : authText.switchChecking
      }
      liveText
      onEscape={stay}
      restoreFocus={false}
      focusKey={state}
      actions={
        state === 'invalid' ? (
          <button type="button" className="btn btn-primary" onClick={stay} data-autofocus>
            {authText.switchClose}
          </button>
        ) : (
          <>
            <button type="button" className="btn btn-outline" onClick={stay} data-autofocus>
              {authText.switchNo}
            </button>
            <button type="button" className="btn btn-primary" onClick={go} disabled={state !== 'ask'}>
              {authText.switchYes}
            </button>
          </>
        )
      }
    />
  );
}
