import type { ReactNode } from 'react';
import { PageShell } from '../../../components/ui/page-shell';
import '../auth.css';

const perks = [
  'Porosi të shpejta dhe të sigurta',
  'Garancion 12 muaj për telefonat e rinj',
  'Kthim brenda 14 ditëve për produktet e papërdorura',
  'Përgjigje brenda 1 ore në orarin e punës',
];

/** The frame of the account screens: the form in a card, beside a short word about the shop. */
export function AuthLayout({
  pageTitle,
  title,
  intro,
  description,
  children,
}: {
  pageTitle: string;
  title: string;
  intro: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <PageShell title={pageTitle} heading={null} description={description} className="auth-page">
      <div className="auth-shell">
        <aside className="auth-aside" aria-hidden="true">
          <div>
            <p className="auth-brand">
              Mobile<strong>Shop</strong> KS
            </p>
            <p className="auth-aside-lead">Telefona, aksesorë dhe servis në një vend.</p>
          </div>
          <svg className="auth-illustration" viewBox="0 0 220 170" role="presentation">
            <circle cx="40" cy="40" r="18" fill="rgb(255 255 255 / 8%)" />
            <circle cx="188" cy="128" r="24" fill="rgb(245 158 11 / 22%)" />
            <rect
              x="72"
              y="6"
              width="76"
              height="158"
              rx="16"
              fill="rgb(255 255 255 / 10%)"
              stroke="rgb(255 255 255 / 55%)"
              strokeWidth="2"
            />
            <rect x="80" y="22" width="60" height="124" rx="8" fill="rgb(255 255 255 / 10%)" />
            <rect x="98" y="12" width="24" height="4" rx="2" fill="rgb(255 255 255 / 55%)" />
            <path d="M110 58l22 8v16c0 14-9 24-22 30-13-6-22-16-22-30V66z" fill="rgb(255 255 255 / 92%)" />
            <path d="M100 84l7 7 14-15" fill="none" stroke="#1d4ed8" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
            <rect x="92" y="124" width="36" height="6" rx="3" fill="rgb(255 255 255 / 35%)" />
          </svg>
          <ul className="auth-perks">
            {perks.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </aside>
        <div className="auth-main">
          <h1 className="auth-title">{title}</h1>
          <p className="auth-intro">{intro}</p>
          {children}
        </div>
      </div>
    </PageShell>
  );
}
