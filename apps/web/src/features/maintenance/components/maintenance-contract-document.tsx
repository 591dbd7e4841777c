import type { MaintenanceContractInput } from '@shop/shared/schemas/maintenance-contract';
import { SHOP_DETAILS } from '../../warranty/shop-details';
import { formatDay } from '@shop/shared/domain/time';
import { PrintHeader, SignatureLines } from '../../warranty/components/print-header';

/** What the maintenance contract covers. */
export const contractServices = [
  'kontroll teknik i pajisjes dhe diagnostikim i gjendjes së baterisë;',
  'pastrim i portës së karikimit, i altoparlantëve dhe i mikrofonit;',
  'përditësim i softuerit dhe kontroll i cilësimeve të sigurisë;',
  'kopje rezervë e të dhënave para çdo ndërhyrjeje, me pëlqimin e klientit;',
  'përparësi në servis dhe diagnostikim falas për çdo defekt të ri.',
];

export const contractTerms = [
  'Pjesët që ndërrohen gjatë mirëmbajtjes paguhen veçmas, vetëm pas pëlqimit të klientit.',
  'Mirëmbajtja nuk mbulon dëmtimet fizike, dëmtimet nga lagështia ose riparimet nga servise të paautorizuara.',
  `${SHOP_DETAILS.name} i ruan të dhënat e klientit si konfidenciale dhe nuk i përdor për qëllime të tjera.`,
  'Kontrata hyn në fuqi në datën e shënuar më lart, me nënshkrimin e të dy palëve.',
];

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="pd-row">
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}

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
            <Row label="Emri" value={SHOP_DETAILS.name} />
            <Row label="Adresa" value={SHOP_DETAILS.address} />
            <Row label="Telefoni" value={SHOP_DETAILS.phone} />
          </dl>
        </section>
        <section>
          <h3>Klienti dhe pajisja</h3>
          <dl>
            <Row label="Emri" value={contract.klienti?.trim() ?? ''} />
            <Row label="Mbiemri" value={contract.mbiemri?.trim() ?? ''} />
            <Row label="IMEI" value={contract.imei?.trim() ?? ''} />
            <Row label="Lloji i pagesës" value={contract.llojiPageses ?? ''} />
            <Row label="Data" value={formatDay(date)} />
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
      <SignatureLines left="Nënshkrimi i klientit" right={`Për ${SHOP_DETAILS.name} (vula dhe nënshkrimi)`} />
    </article>
  );
}
