import { Link } from '../../lib/router';
import { authText } from '@shop/shared/messages-auth';
import { PageShell } from '../../components/ui/page-shell';
import '../../features/auth/auth.css';

export default function NoAccessPage() {
  return (
    <PageShell title={authText.noAccessTitle} heading={null} className="page-narrow">
      <div className="card no-access">
        <span className="no-access-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32">
            <rect x="5" y="10.5" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <circle cx="12" cy="15.5" r="1.5" fill="currentColor" />
          </svg>
        </span>
        <h1 className="page-title">{authText.noAccessTitle}</h1>
        <p>{authText.noAccessText}</p>
        <p>
          <Link to="/" className="btn btn-primary">
            {authText.noAccessHome}
          </Link>
        </p>
      </div>
    </PageShell>
  );
}
