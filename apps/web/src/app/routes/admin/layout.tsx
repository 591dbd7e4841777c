import { useState } from 'react';
import { mayOpenAdminPath } from '@shop/shared/domain/permissions';
import { NavLink, Outlet, useLocation } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import '../../../components/admin/admin.css';

const links = [
  { to: '/admin', label: 'Paneli', end: true },
  { to: '/admin/products', label: 'Produktet' },
  { to: '/admin/orders', label: 'Porositë' },
  { to: '/admin/shitje', label: 'Shitje në dyqan' },
  { to: '/admin/pranim-malli', label: 'Pranim malli' },
  { to: '/admin/mbyllja-e-dites', label: 'Mbyllja e ditës' },
  { to: '/admin/kartat-dhurate', label: 'Kartat dhuratë' },
  { to: '/admin/users', label: 'Perdoruesit' },
  { to: '/admin/stats', label: 'Statistikat' },
  { to: '/admin/warranty', label: 'Garancionet' },
  { to: '/admin/riparimet', label: 'Riparimet' },
  { to: '/admin/historiku', label: 'Historiku' },
  { to: '/admin/emailet', label: 'E-mailet' },
  { to: '/admin/vleresimet', label: 'Vlerësimet' },
  { to: '/admin/kodet-e-zbritjes', label: 'Kodet e zbritjes' },
  { to: '/admin/cilesimet', label: 'Cilësimet' },
];

/** Screens without an entry of their own, named by the section they belong to. */
const sectionOf: Record<string, string> = {
  '/admin/porosi-nga-biseda': '/admin/orders',
  // 'Ulje me afat' (decision 050) belongs to the products.
  '/admin/ulje-me-afat': '/admin/products',
};

function currentLabel(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  const path = sectionOf[trimmed] ?? trimmed;
  const match = links.filter((l) => (l.end ? path === l.to : path === l.to || path.startsWith(`${l.to}/`))).at(-1);
  return match?.label ?? 'Paneli';
}

/** The admin frame (product.md §2.1): the sidebar titled Admin beside the page; on a phone it folds into a menu button. */
export default function AdminLayout() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  // Staff ('Punonjës') see only their sections (domain/permissions.ts); the owner sees every one.
  const shown = links.filter((l) => mayOpenAdminPath(user, l.to));
  return (
    <div className="admin-layout">
      <aside className="admin-sidebar" aria-labelledby="admin-title">
        <div className="admin-sidebar-head">
          <h2 id="admin-title">Admin</h2>
          <button
            type="button"
            className="admin-menu-toggle"
            aria-expanded={open}
            aria-controls="admin-nav"
            onClick={() => setOpen((o) => !o)}
          >
            <span className="visually-hidden">Menyja e administrimit: </span>
            <span className="admin-menu-current">{currentLabel(pathname)}</span>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="admin-menu-chevron">
              <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
        <nav id="admin-nav" aria-label="Menyja e administrimit" className={open ? 'admin-nav open' : 'admin-nav'}>
          <ul>
            {shown.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end} onClick={() => setOpen(false)}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <section className="admin-content">
        <Outlet />
      </section>
    </div>
  );
}
