import type { ReactNode } from 'react';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { PageShell } from '../../../components/ui/page-shell';
import type { ServiceItem } from '../data/service-items';
import '../services.css';
import { shop, shopLinks } from '@shop/shared/domain/shop';

/** A service page: intro, its six items (title, image, description; never a price), anything `extra` and a contact box. */
export function ServicePage({
  title,
  description,
  intro,
  items,
  extra,
}: {
  title: string;
  description: string;
  intro: string;
  items: readonly ServiceItem[];
  /** Shown between the items and the contact box (the repair page's link to the status page). */
  extra?: ReactNode;
}) {
  return (
    <PageShell title={title} description={description}>
      <Breadcrumb items={[{ label: 'Ballina', to: '/' }, { label: 'Shërbimet', to: '/sherbimet' }, { label: title }]} />
      <p className="page-intro">{intro}</p>
      <ul className="service-items">
        {items.map((item) => (
          <li key={item.title} className="service-item">
            <img src={item.image} alt="" width={64} height={64} loading="lazy" decoding="async" />
            <div>
              <h2>{item.title}</h2>
              <p>{item.description}</p>
            </div>
          </li>
        ))}
      </ul>
      {extra}
      <ServiceContact />
    </PageShell>
  );
}

export function ServiceContact() {
  return (
    <aside className="service-contact" aria-labelledby="service-contact-title">
      <div>
        <h2 id="service-contact-title">Keni nevojë për ndihmë?</h2>
        <p>Na shkruani ose ejani në dyqan: ju tregojmë çmimin dhe kohën para se të fillojmë punën.</p>
      </div>
      <div className="service-contact-actions">
        <a className="btn btn-primary" href={shopLinks.whatsapp} rel="noopener noreferrer" target="_blank">
          Shkruani në WhatsApp
        </a>
        <a className="btn btn-outline" href={shopLinks.tel}>
          {shop.phone}
        </a>
      </div>
    </aside>
  );
}
