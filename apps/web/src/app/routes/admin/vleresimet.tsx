import { PageShell } from '../../../components/ui/page-shell';
import { ReviewsAdmin } from '../../../features/reviews/components/reviews-admin';

export default function AdminReviewsPage() {
  return (
    <PageShell title="Vlerësimet" heading={null}>
      <ReviewsAdmin />
    </PageShell>
  );
}
