import { useSearchParams } from '../../lib/router';
import { authText } from '@shop/shared/messages-auth';
import { PageShell } from '../../components/ui/page-shell';
import { VerifyEmailView } from '../../features/auth/components/verify-email-view';

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  return (
    <PageShell title={authText.verifyTitle} className="verify-page">
      <div className="card verify-card">
        <VerifyEmailView token={params.get('token')} />
      </div>
    </PageShell>
  );
}
