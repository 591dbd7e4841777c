import { Link } from 'react-router';
import { PageShell } from '../../components/ui/page-shell';

export default function NoAccessPage() {
  return (
    <PageShell title="Qasja e ndaluar" className="page-narrow center">
      <p>Nuk keni autorizim për të hyrë në këtë faqe.</p>
      <p>
        <Link to="/" className="btn btn-primary">
          Kthehu në faqen kryesore
        </Link>
      </p>
    </PageShell>
  );
}
