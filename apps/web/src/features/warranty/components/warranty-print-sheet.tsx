import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { warrantyEndDate } from '@shop/shared/domain/warranty';
import { formatDay } from '@shop/shared/domain/time';
import { formatPrice } from '@shop/shared/domain/money';
import { useFitToPage } from '../../../components/print/fit-to-page';
import { shop } from '@shop/shared/domain/shop';
import { PrintHeader, PrintRow, SignatureLines } from '../../../components/print/print-doc';
import { EmailAddress } from '../../../components/ui/email-address';

/** What the warranty does not cover (product.md §9), in the order the spec names them. */
const warrantyExclusions = [
  'dëmtimet fizike (rënie, goditje, ekran ose trup i thyer);',
  'ndryshimet e softuerit (root, jailbreak, sisteme ose aplikacione jozyrtare);',
  'dëmtimet nga lagështia, uji ose nxehtësia;',
  'dëmtimet nga luhatjet e rrymës elektrike;',
  'riparimet nga persona ose servise të paautorizuara;',
  'rastet kur mungon kjo fletë garancioni.',
];

/** The printed warranty sheet (product.md §9): one A4 page, shown only in print. */
export function WarrantyPrintSheet({ sheet }: { sheet: WarrantySheet }) {
  const start = sheet.data.slice(0, 10);
  const end = warrantyEndDate(start, sheet.kohezgjatja) ?? '';
  const fit = useFitToPage<HTMLElement>([sheet]);
  return (
    <article ref={fit.ref} style={fit.style} className="print-doc" aria-label={`Fleta e garancionit ${sheet.id}`}>
      <PrintHeader title="Fletë garancioni" number={`Nr. ${sheet.id}`} date={formatDay(start)} />

      <div className="pd-columns">
        <section>
          <h3>Klienti</h3>
          <dl>
            <PrintRow label="Emri dhe mbiemri" value={`${sheet.emri} ${sheet.mbiemri}`.trim()} />
            <PrintRow label="Telefoni" value={sheet.telefoni} />
            <PrintRow label="Email" value={sheet.email && <EmailAddress email={sheet.email} />} />
          </dl>
        </section>
        <section>
          <h3>Pajisja</h3>
          <dl>
            <PrintRow label="Marka" value={sheet.marka} />
            <PrintRow label="Modeli" value={sheet.modeli} />
            <PrintRow label="IMEI" value={sheet.imei} />
            <PrintRow label="Softueri" value={sheet.softInfo} />
          </dl>
        </section>
        <section>
          <h3>Garancioni</h3>
          <dl>
            <PrintRow label="Kohëzgjatja" value={sheet.kohezgjatja} />
            <PrintRow label="Data e blerjes" value={formatDay(start)} />
            <PrintRow label="Vlen deri më" value={end ? formatDay(end) : ''} />
          </dl>
        </section>
        <section>
          <h3>Pagesa</h3>
          <dl>
            <PrintRow label="Çmimi" value={sheet.cmimi === null ? '' : formatPrice(sheet.cmimi)} />
            <PrintRow label="Lloji i pagesës" value={sheet.llojiPageses} />
          </dl>
        </section>
      </div>

      {sheet.komente && (
        <section className="pd-notes">
          <h3>Komente</h3>
          <p>{sheet.komente}</p>
        </section>
      )}

      <section className="pd-terms">
        <h3>Kushtet e garancionit</h3>
        <ol>
          <li>
            Garancioni fillon nga data e blerjes ({formatDay(start)}) dhe vlen {sheet.kohezgjatja || 'për periudhën e shënuar'}
            {end ? `, deri më ${formatDay(end)}` : ''}.
          </li>
          <li>
            Çdo defekt i mbuluar nga garancioni riparohet brenda një afati prej <strong>jo më shumë se 30 ditësh</strong> nga dorëzimi i
            pajisjes në {shop.name}. Kur riparimi nuk është i mundur, pajisja zëvendësohet me një të njëjtë ose të ngjashme.
          </li>
          <li>
            Pajisja sillet për garancion bashkë me këtë fletë. Garancioni <strong>nuk mbulon</strong>:
            <ul>
              {warrantyExclusions.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
          </li>
          <li>Me nënshkrimin e kësaj flete klienti vërteton se e ka marrë pajisjen në rregull dhe se i pranon këto kushte.</li>
        </ol>
      </section>

      <SignatureLines left="Nënshkrimi i klientit" right={`Për ${shop.name} (vula dhe nënshkrimi)`} />
      <p className="pd-thanks">
        Faleminderit që zgjodhët {shop.name}! Për pyetje: {shop.phone}
      </p>
    </article>
  );
}
