import { NavLink, Outlet } from 'react-router';

const links = [
  { to: '/admin', label: 'Paneli', end: true },
  { to: '/admin/products', label: 'Produktet' },
  { to: '/admin/orders', label: 'Porositë' },
  { to: '/admin/users', label: 'Perdoruesit' },
  { to: '/admin/stats', label: 'Statistikat' },
  { to: '/admin/warranty', label: 'Garancionet' },
];

export default function AdminLayout() {
  return (
    <div className="admin-layout">
      <aside className="admin-sidebar" aria-labelledby="admin-title">
        <h2 id="admin-title">Admin</h2>
        <nav aria-label="Menyja e administrimit">
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end}>
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
