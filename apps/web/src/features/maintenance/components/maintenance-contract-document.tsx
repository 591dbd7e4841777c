import type { MaintenanceContractInput } from '@shop/shared/schemas/maintenance-contract';
import { formatDay } from '@shop/shared/domain/time';
import { shop, shopAddress } from '@shop/shared/domain/shop';
import { PrintHeader, PrintRow, SignatureLines } from '../../../components/print/print-doc';

/** What the maintenance contract covers. */
const contractServices = [
  'kontroll teknik i pajisjes dhe diagnostikim i gjendjes së baterisë;',
  'pastrim i portës së karikimit, i altoparlantëve dhe i mikrofonit;',
  'përditësim i softuerit dhe kontroll i cilësimeve të sigurisë;',
  'kopje rezervë e të dhënave para çdo ndërhyrjeje, me pëlqimin e klientit;',
  'përparësi në servis dhe diagnostikim falas për çdo defekt të ri.',
];

const contractTerms = [
  'Pjesët që ndërrohen gjatë mirëmbajtjes paguhen veçmas, vetëm pas pëlqimit të klientit.',
  'Mirëmbajtja nuk mbulon dëmtimet fizike, dëmtimet nga lagështia ose riparimet nga servise të paautorizuara.',
  `${shop.name} i ruan të dhënat e klientit si konfidenciale dhe nuk i përdor për qëllime të tjera.`,
  'Kontrata hyn në fuqi në datën e shënuar më lart, me nënshkrimin e të dy palëve.',
];

/** The printed maintenance contract: the summary of the form, on one A4 page. */
export function MaintenanceContractDocument({
  contract,
  date,
  onScreen,
}: {
  contract: MaintenanceContractInput;
  date: string;
  onScreen: boolean;
}) {
  return (
    <article className={onScreen ? 'print-doc pd-on-screen' : 'print-doc'} aria-label="Kontrata e mirëmbajtjes">
      <PrintHeader title="Kontratë mirëmbajtjeje" date={formatDay(date)} />
      <div className="pd-columns">
        <section>
          <h3>Ofruesi i shërbimit</h3>
          <dl>
            <PrintRow label="Emri" value={shop.name} />
            <PrintRow label="Adresa" value={shopAddress()} />
            <PrintRow label="Telefoni" value={shop.phone} />
          </dl>
        </section>
        <section>
          <h3>Klienti dhe pajisja</h3>
          <dl>
            <PrintRow label="Emri" value={contract.klienti?.trim() ?? ''} />
            <PrintRow label="Mbiemri" value={contract.mbiemri?.trim() ?? ''} />
            <PrintRow label="IMEI" value={contract.imei?.trim() ?? ''} />
            <PrintRow label="Lloji i pagesës" value={contract.llojiPageses ?? ''} />
            <PrintRow label="Data" value={formatDay(date)} />
          </dl>
        </section>
      </div>
      <section className="pd-block">
        <h3>Shërbimet e përfshira</h3>
        <ul>
          {contractServices.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </section>
      <section className="pd-block">
        <h3>Kushtet</h3>
        <ol>
          {contractTerms.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </section>
      <SignatureLines left="Nënshkrimi i klientit" right={`Për ${shop.name} (vula dhe nënshkrimi)`} />
    </article>
  );
}
