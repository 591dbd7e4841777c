import { SHOP_DETAILS } from '../shop-details';
import '../print-doc.css';

/** The head of a printed document: the shop's name, address and phone, the title, number and date. */
export function PrintHeader({ title, number, date }: { title: string; number?: string; date: string }) {
  return (
    <header className="pd-header">
      <div className="pd-shop">
        <p className="pd-shop-name">{SHOP_DETAILS.name}</p>
        <p>{SHOP_DETAILS.address}</p>
        <p>Tel: {SHOP_DETAILS.phone}</p>
      </div>
      <div className="pd-title">
        <h2>{title}</h2>
        {number && <p>{number}</p>}
        <p>Data: {date}</p>
      </div>
    </header>
  );
}

/** Signature lines at the foot of a printed document. */
export function SignatureLines({ left, right }: { left: string; right: string }) {
  return (
    <div className="pd-signatures">
      <div className="pd-signature">
        <span className="pd-line" />
        <span>{left}</span>
      </div>
      <div className="pd-signature">
        <span className="pd-line" />
        <span>{right}</span>
      </div>
    </div>
  );
}
