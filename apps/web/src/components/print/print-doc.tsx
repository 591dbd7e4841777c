import type { ReactNode } from 'react';
import { shop, shopAddress } from '@shop/shared/domain/shop';
import './print-doc.css';

/** The head of a printed document: the shop's name, address and phone, the title, number and date. */
export function PrintHeader({ title, number, date }: { title: string; number?: string; date: string }) {
  return (
    <header className="pd-header">
      <div className="pd-shop">
        <p className="pd-shop-name">{shop.name}</p>
        <p>{shopAddress()}</p>
        <p>Tel: {shop.phone}</p>
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

/** One label and value of a printed document's details; an empty value prints as a dash. */
export function PrintRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="pd-row">
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}
