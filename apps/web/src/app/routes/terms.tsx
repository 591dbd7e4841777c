import { useState } from 'react';
import { PageShell } from '../../components/ui/page-shell';
import { Modal } from '../../features/content/components/modal';
import { faq, termsCards, type TermsCard } from '../../features/content/data/terms';
import '../../features/content/content.css';
import { openDaysText, shop, shopLinks } from '@shop/shared/domain/shop';

const cardIcons: Record<TermsCard['id'], string> = {
  kushtet: 'M7 3h8l4 4v14H7zM15 3v4h4M10 12h6M10 16h6',
  kujdesi: 'M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10z',
  garancia: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
};

export default function TermsPage() {
  const [open, setOpen] = useState<TermsCard | null>(null);
  return (
    <PageShell
      title="Kushtet & Kujdesi ndaj Klientit"
      description="Kushtet e përdorimit, kujdesi ndaj klientit, garancia 12 muaj, kthimet brenda 14 ditëve dhe pyetjet e shpeshta të MobileShop KS."
    >
      <p className="page-intro">Gjithçka që duhet të dini për blerjet, garancinë dhe ndihmën që ju ofrojmë.</p>
      <ul className="terms-cards">
        {termsCards.map((c) => (
          <li key={c.id} className="terms-card">
            <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
              <path d={cardIcons[c.id]} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <h2>{c.title}</h2>
            <p>{c.summary}</p>
            <button
              type="button"
              className="btn btn-outline btn-sm terms-open"
              aria-haspopup="dialog"
              aria-label={`Lexo më shumë: ${c.title}`}
              onClick={() => setOpen(c)}
            >
              Lexo më shumë
            </button>
          </li>
        ))}
      </ul>

      {open && (
        <Modal title={open.title} onClose={() => setOpen(null)}>
          <ul className="modal-list">
            {open.bullets.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </Modal>
      )}

      <section id="pyetje" className="faq" aria-labelledby="faq-title">
        <h2 id="faq-title">Pyetje të shpeshta</h2>
        {faq.map((item) => (
          <details key={item.q} name="faq" className="faq-item">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </section>

      <section className="contact-block" aria-labelledby="contact-title">
        <div>
          <h2 id="contact-title">Na kontaktoni</h2>
          <p>
            Përgjigjemi brenda 1 ore gjatë orarit të punës, {openDaysText()} {shop.opens}–{shop.closes}.
          </p>
        </div>
        <div className="contact-actions">
          <a className="btn btn-primary" href={shopLinks.whatsapp} rel="noopener noreferrer" target="_blank">
            WhatsApp: {shop.phone}
          </a>
          <a className="btn btn-outline" href={shopLinks.mail}>
            {shop.email}
          </a>
        </div>
      </section>
    </PageShell>
  );
}
