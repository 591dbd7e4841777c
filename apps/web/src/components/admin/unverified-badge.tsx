import { adminMsg } from '@shop/shared/messages-admin';

/** 'E-mail i paverifikuar': the order's customer has not verified the e-mail (issue 24 finding 7). */
export function UnverifiedBadge() {
  return (
    <span className="badge-pill badge-unverified" title={adminMsg.unverifiedCustomerTitle}>
      {adminMsg.unverifiedCustomer}
    </span>
  );
}
