import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '@shop/shared/domain/money';
import { formatDateTime, formatDay } from '@shop/shared/domain/time';
import type { RepairSale } from '@shop/shared/schemas/day-close';
import { api } from '../../../lib/api-client';
import { Link } from '../../../lib/router';
import '../repair-sale.css';

/**
 * A ticket's phone as the shop sold it (decision 051): the counter sale or the online order that
 * sold its IMEI, the customer, the price, a link to where its warranty sheet prints, and whether
 * the warranty still runs ('Në garanci deri më …' / 'Garancia ka skaduar'). Nothing when the shop
 * never sold that IMEI.
 */
export function RepairSaleInfo({ repairId }: { repairId: number }) {
  const q = useQuery({
    queryKey: ['admin', 'repair-sale', repairId],
    queryFn: () => api<RepairSale>(`/api/admin/repairs/${repairId}/sale`),
  });
  const s = q.data?.sale;
  if (!s) return null;
  const to = s.kind === 'counter' ? `/admin/shitje/${s.id}` : `/admin/orders/${s.id}`;
  return (
    <section className="repair-sale no-print" aria-labelledby="repair-sale">
      <h2 id="repair-sale">Shitja e telefonit</h2>
      <p>
        <Link to={to}>{s.kind === 'counter' ? `Shitje në dyqan #${s.id}` : `Porosia online #${s.id}`}</Link>
        {s.receiptNo && ` · kuponi fiskal ${s.receiptNo}`} · {formatDateTime(s.date)} · {s.customer ?? 'Klient pa emër'} ·{' '}
        {formatPrice(s.price)}
      </p>
      {s.sheetId !== null && (
        <p>
          <Link to={to}>Fleta e garancionit Nr. {s.sheetId}</Link>
          {' · '}
          <strong className={s.inWarranty ? 'repair-sale-ok' : 'repair-sale-expired'}>
            {s.inWarranty && s.warrantyUntil ? `Në garanci deri më ${formatDay(s.warrantyUntil)}` : 'Garancia ka skaduar'}
          </strong>
        </p>
      )}
    </section>
  );
}
