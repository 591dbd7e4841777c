import { useEffect, useRef, useState } from 'react';
import { itemCountText } from '@shop/shared/messages-shell';
import { Link, NavLink, useLocation, useNavigate } from '../../lib/router';
import { useCart } from '../../lib/cart-store';
import { logout as endSession, useSession } from '../../lib/session';
import { Dropdown } from './dropdown';
import { productLinks, serviceLinks } from './nav-links';
import { SearchBox } from './search-box';

function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="10" cy="20.5" r="1.4" fill="currentColor" />
      <circle cx="17" cy="20.5" r="1.4" fill="currentColor" />
    </svg>
  );
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M15.5 15.5L20.5 20.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function AccountIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <circle cx="12" cy="8.5" r="4" fill="none" stroke="currentColor" strokeWidth="1.9" />
      <path
        d="M4.5 20.5c1.2-3.8 4.1-5.6 7.5-5.6s6.3 1.8 7.5 5.6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinecap="round"
      />
    </svg>
  );
}

function HelpMenu() {
  return (
    <Dropdown
      className="help-menu"
      label="Ndihmë"
      icon={
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="12" cy="12" r="9.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M9.6 9.4a2.5 2.5 0 0 1 4.8 1c0 1.7-2.4 2.1-2.4 3.6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
          <circle cx="12" cy="17.2" r="1.1" fill="currentColor" />
        </svg>
      }
      links={[
        { to: '/terms', label: 'Kushtet & Kujdesi ndaj Klientit' },
        { to: '/terms#pyetje', label: 'Pyetje të shpeshta' },
      ]}
    />
  );
}

export function TopBar() {
  const { count } = useCart();
  const { isLoggedIn, entersStaffArea: isAdmin, user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const displayName = user?.name || user?.email || '';

  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const drawer = drawerRef.current;
    drawer?.querySelector<HTMLElement>('input')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setDrawerOpen(false);
        return;
      }
      // Keep Tab inside the open drawer (it is a modal dialog).
      if (e.key !== 'Tab' || !drawer) return;
      const items = [...drawer.querySelectorAll<HTMLElement>('a[href], button, input')];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && (document.activeElement === first || !drawer.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !drawer.contains(document.activeElement))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const toggle = toggleRef.current;
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      // Back to the menu button, unless a link already moved focus to the new page.
      if (drawer?.contains(document.activeElement) || document.activeElement === document.body) toggle?.focus();
    };
  }, [drawerOpen]);

  const logout = () => {
    endSession();
    navigate('/');
  };

  return (
    <header className="top-bar">
      <div className="top-bar-inner">
        <button
          ref={toggleRef}
          type="button"
          className="icon-button drawer-toggle"
          aria-label="Hap menynë"
          aria-expanded={drawerOpen}
          aria-controls="drawer"
          onClick={() => setDrawerOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <Link to="/" className="logo" aria-label="MobileShop KS – Ballina">
          <svg className="logo-mark" viewBox="0 0 30 48" width="22" height="36" aria-hidden="true">
            <defs>
              <linearGradient id="logo-grad" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor="#3b82f6" />
                <stop offset="1" stopColor="#8b5cf6" />
              </linearGradient>
            </defs>
            <rect x="2" y="2" width="26" height="44" rx="7" fill="url(#logo-grad)" />
            <rect x="6" y="8" width="18" height="30" rx="3" fill="#fff" opacity=".92" />
            <rect x="11" y="41" width="8" height="2" rx="1" fill="#fff" />
            <path d="M10 24l4 4 7-8" fill="none" stroke="#2563eb" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>
            Mobile<strong>Shop</strong> KS
          </span>
        </Link>
        <div className="top-search">
          <SearchBox id="search-top" />
        </div>
        <nav className="main-nav" aria-label="Menyja kryesore">
          <Dropdown label="Produktet" links={productLinks} />
          <Dropdown label="Shërbimet" links={serviceLinks} />
          <NavLink to="/blog" className="nav-link">
            Blog
          </NavLink>
          <NavLink to="/terms" className="nav-link">
            Kushtet
          </NavLink>
          <HelpMenu />
        </nav>
        <div className="top-actions">
          {/* Phones (under 1024 px, where the search box and the login button are in the drawer): search and account beside the cart. */}
          <Link to="/search" className="icon-button phone-action" aria-label="Kërko produkte">
            <SearchIcon />
          </Link>
          <Link
            to={isLoggedIn ? '/profile' : '/login'}
            className="icon-button phone-action"
            aria-label={isLoggedIn ? `Profili im (${displayName})` : 'Kyçu'}
          >
            <AccountIcon />
          </Link>
          <Link to="/cart" className="icon-button cart-button" aria-label={`Shporta, ${itemCountText(count)}`}>
            <CartIcon />
            <span className="badge" aria-hidden="true" data-testid="cart-count">
              {count}
            </span>
          </Link>
          {isLoggedIn ? (
            <div className="user-box">
              {isAdmin && (
                <Link to="/admin" className="nav-link admin-link">
                  Admin
                </Link>
              )}
              <Link to="/profile" className="user-name" title={displayName}>
                {displayName}
              </Link>
              <button type="button" className="btn btn-ghost btn-sm" onClick={logout}>
                Dil
              </button>
            </div>
          ) : (
            <Link to="/login" className="btn btn-primary btn-sm login-button">
              Kyçu
            </Link>
          )}
        </div>
      </div>

      <div className={`drawer-backdrop ${drawerOpen ? 'open' : ''}`} onClick={() => setDrawerOpen(false)} aria-hidden="true" />
      <div
        id="drawer"
        ref={drawerRef}
        className={`drawer ${drawerOpen ? 'open' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label="Menyja"
        hidden={!drawerOpen}
      >
        <div className="drawer-head">
          <span className="drawer-title">Menyja</span>
          <button type="button" className="icon-button" aria-label="Mbyll menynë" onClick={() => setDrawerOpen(false)}>
            ×
          </button>
        </div>
        <SearchBox id="search-drawer" onSearch={() => setDrawerOpen(false)} />
        <nav aria-label="Menyja e telefonit">
          <p className="drawer-section">Produktet</p>
          <ul>
            {productLinks.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to}>{l.label}</NavLink>
              </li>
            ))}
          </ul>
          <p className="drawer-section">Shërbimet</p>
          <ul>
            {serviceLinks.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to}>{l.label}</NavLink>
              </li>
            ))}
          </ul>
          <ul>
            <li>
              <NavLink to="/blog">Blog</NavLink>
            </li>
            <li>
              <NavLink to="/terms">Kushtet & Kujdesi ndaj Klientit</NavLink>
            </li>
            {isAdmin && (
              <>
                <li>
                  <NavLink to="/admin">Paneli i administrimit</NavLink>
                </li>
                <li>
                  <NavLink to="/warranty">Garancionet</NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
        <Link to="/cart" className="btn btn-outline drawer-cart">
          Shporta ({count})
        </Link>
        {isLoggedIn ? (
          <button type="button" className="btn btn-ghost" onClick={logout}>
            Dil ({displayName})
          </button>
        ) : (
          <Link to="/login" className="btn btn-primary">
            Kyçu
          </Link>
        )}
      </div>
    </header>
  );
}
