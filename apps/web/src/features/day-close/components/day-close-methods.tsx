import { formatPrice } from '@shop/shared/domain/money';
import { dayCloseMethodLabels } from '@shop/shared/domain/day-close';
import type { DayCloseFiguresView } from '@shop/shared/schemas/day-close';

/** A refund as the report writes it: '−3,00 €', or '0,00 €' when there was none. */
const refundText = (euros: number): string => (euros > 0 ? `−${formatPrice(euros)}` : formatPrice(0));

/**
 * The day's sales, refunds and net by payment method, with their sums (decision 051): one table for
 * the screen's open day and the printed close (80 mm or A4); only the class (its look) differs.
 */
export function DayCloseMethodsTable({ f, className }: { f: DayCloseFiguresView; className: string }) {
  return (
    <table className={className}>
      <caption>Shitjet dhe kthimet sipas mënyrës së pagesës</caption>
      <thead>
        <tr>
          <th scope="col">Pagesa</th>
          <th scope="col" className="num">
            Shitje
          </th>
          <th scope="col" className="num">
            Kthime
          </th>
          <th scope="col" className="num">
            Neto
          </th>
        </tr>
      </thead>
      <tbody>
        {f.byMethod.map((m) => (
          <tr key={m.method}>
            <th scope="row">{dayCloseMethodLabels[m.method]}</th>
            <td className="num">{formatPrice(m.sales)}</td>
            <td className="num">{refundText(m.refunds)}</td>
            <td className="num">{formatPrice(m.net)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Gjithsej</th>
          <td className="num">{formatPrice(f.sales)}</td>
          <td className="num">{refundText(f.refunds)}</td>
          <td className="num">{formatPrice(f.net)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
