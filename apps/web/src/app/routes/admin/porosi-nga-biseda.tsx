import { PageShell } from '../../../components/ui/page-shell';
import { ChatOrderForm } from '../../../features/orders/components/chat-order-form';

/** /admin/porosi-nga-biseda: an order from a WhatsApp/Viber chat or a call (issue 30, decision 047). */
export default function AdminChatOrderPage() {
  return (
    <PageShell title="Porosi nga biseda">
      <ChatOrderForm />
    </PageShell>
  );
}
