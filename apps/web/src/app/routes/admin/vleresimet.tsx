import { PageShell } from '../../../components/ui/page-shell';
import { ReviewsAdmin } from '../../../features/admin/components/reviews-admin';

export default function AdminReviewsPage() {
  return (
    <PageShell title="Vlerësimet" heading={null}>
      <ReviewsAdmin />
    </PageShell>
  );
}
