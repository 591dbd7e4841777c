import { displayPhone } from '@shop/shared/domain/phone';
import { guestCheckoutText, orderPageText } from '@shop/shared/messages-orders';
import { LoadError, LoadingNote } from '../../../components/ui/query-state';
import { Link } from '../../../lib/router';
import { useCancelGuestOrder, useGuestOrder } from '../api/guest-orders';
import { OrderDetails } from './order-view';

/**
 * /porosia-ime/{secret}: a guest order opened by its mail's link (decision 042), with
 * 'Anulo porosinë' while it is pending and 'Krijo llogari' to keep it in an account.
 */
export function GuestOrderView({ token }: { token: string }) {
  const order = useGuestOrder(token);
  const cancel = useCancelGuestOrder(token);
  if (order.isPending) return <LoadingNote text={orderPageText.loading} />;
  if (order.isError) return <LoadError text={orderPageText.error} onRetry={() => void order.refetch()} />;
  if (!order.data) return <GuestOrderNotFound />;
  const { guest } = order.data;
  return (
    <OrderDetails
      order={order.data}
      cancel={cancel}
      contact={
        <dl className="order-facts order-contact" aria-label={guestCheckoutText.contact}>
          <div>
            <dt>{guestCheckoutText.contact}</dt>
            <dd>{guest.name}</dd>
          </div>
          <div>
            <dt>{guestCheckoutText.phone}</dt>
            <dd>{displayPhone(guest.phone)}</dd>
          </div>
          <div>
            <dt>{guestCheckoutText.email}</dt>
            <dd>{guest.email}</dd>
          </div>
        </dl>
      }
      footer={
        <>
          <Link to="/regjistrohu" className="btn btn-ghost">
            {guestCheckoutText.createAccount}
          </Link>
          <span className="muted order-account-hint">{guestCheckoutText.createAccountHint}</span>
        </>
      }
    />
  );
}

export function GuestOrderNotFound() {
  return (
    <div className="empty-state order-not-found">
      <h1>{guestCheckoutText.notFound}</h1>
      <p className="muted">{guestCheckoutText.notFoundHint}</p>
      <Link to="/" className="btn btn-primary">
        {guestCheckoutText.toShop}
      </Link>
    </div>
  );
}
