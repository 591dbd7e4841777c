import { PageShell } from '../../components/ui/page-shell';

export default function CheckoutPage() {
  return <PageShell title="Checkout" />;
}
