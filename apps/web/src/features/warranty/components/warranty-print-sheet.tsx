import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { warrantyEndDate } from '@shop/shared/domain/warranty';
import { formatDay } from '@shop/shared/domain/time';
import { formatPrice } from '@shop/shared/domain/money';
import { SHOP_DETAILS } from '../shop-details';
import { useFitToPage } from '../lib/fit-to-page';
import { PrintHeader, SignatureLines } from './print-header';

/** What the warranty does not cover (product.md §9), in the order the spec names them. */
export const warrantyExclusions = [
  'dëmtimet fizike (rënie, goditje, ekran ose trup i thyer);',
  'ndryshimet e softuerit (root, jailbreak, sisteme ose aplikacione jozyrtare);',
  'dëmtimet nga lagështia, uji ose nxehtësia;',
  'dëmtimet nga luhatjet e rrymës elektrike;',
  'riparimet nga persona ose servise të paautorizuara;',
  'rastet kur mungon kjo fletë garancioni.',
];

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="pd-row">
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}

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
            <Row label="Emri dhe mbiemri" value={`${sheet.emri} ${sheet.mbiemri}`.trim()} />
            <Row label="Telefoni" value={sheet.telefoni} />
            <Row label="Email" value={sheet.email} />
          </dl>
        </section>
        <section>
          <h3>Pajisja</h3>
          <dl>
            <Row label="Marka" value={sheet.marka} />
            <Row label="Modeli" value={sheet.modeli} />
            <Row label="IMEI" value={sheet.imei} />
            <Row label="Softueri" value={sheet.softInfo} />
          </dl>
        </section>
        <section>
          <h3>Garancioni</h3>
          <dl>
            <Row label="Kohëzgjatja" value={sheet.kohezgjatja} />
            <Row label="Data e blerjes" value={formatDay(start)} />
            <Row label="Vlen deri më" value={end ? formatDay(end) : ''} />
          </dl>
        </section>
        <section>
          <h3>Pagesa</h3>
          <dl>
            <Row label="Çmimi" value={sheet.cmimi === null ? '' : formatPrice(sheet.cmimi)} />
            <Row label="Lloji i pagesës" value={sheet.llojiPageses} />
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
            pajisjes në {SHOP_DETAILS.name}. Kur riparimi nuk është i mundur, pajisja zëvendësohet me një të njëjtë ose të ngjashme.
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

      <SignatureLines left="Nënshkrimi i klientit" right={`Për ${SHOP_DETAILS.name} (vula dhe nënshkrimi)`} />
      <p className="pd-thanks">
        Faleminderit që zgjodhët {SHOP_DETAILS.name}! Për pyetje: {SHOP_DETAILS.phone}
      </p>
    </article>
  );
}
