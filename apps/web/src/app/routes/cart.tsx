import { PageShell } from '../../components/ui/page-shell';

export default function CartPage() {
  return <PageShell title="Shporta" />;
}
