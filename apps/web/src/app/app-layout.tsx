import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from '../lib/router';
import { useNavigationPending } from './shop-router';
import { useTwoFactorSetupRedirect } from './two-factor-redirect';
import { TopBar } from '../components/layout/top-bar';
import { Footer } from '../components/layout/footer';
import { ScrollRestoration } from '../components/layout/scroll-restoration';
import { CartToast } from '../components/layout/cart-toast';
import { usePendingAccountSwitch } from '../features/auth/pending-switch';
// The sign-in styles stay in the app's sheet: the catalogue's filters, the checkout's fields and
// the loading spinner use some of them (they came with the account-switch question, now loaded
// on its own).
import '../features/auth/auth.css';

/**
 * The account-switch question (a `?token=` link while another user is signed in) is rare: its code
 * (the dialog, the profile look-up) is fetched only when there is a question to ask.
 */
const AccountSwitchDialog = lazy(() =>
  import('../features/auth/components/account-switch-dialog').then((m) => ({ default: m.AccountSwitchDialog })),
);

function AccountSwitch() {
  const pending = usePendingAccountSwitch();
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <AccountSwitchDialog />
    </Suspense>
  );
}

/** The admin area is a work screen: no shop footer (address, newsletter, social links) under it. */
const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * Marks the page live (html[data-app-ready]): rendered, or hydrated when the server sent it, so its
 * buttons work from now on. Inside the page's Suspense boundary, which React hydrates after the
 * frame around it: the mark waits for the page itself (issue 26: src/early-input.ts then applies
 * what was pressed before, and the browser tests' clicks wait for it).
 */
function PageLive() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}

export function AppLayout() {
  const pending = useNavigationPending();
  const { pathname } = useLocation();
  useTwoFactorSetupRedirect();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Kalo te përmbajtja
      </a>
      <TopBar />
      {pending && <div className="route-progress" role="progressbar" aria-label="Duke ngarkuar faqen" />}
      <main id="main" className="app-main" tabIndex={-1}>
        {/* The first page's code is still on its way: the fallback is a screen tall, so the
            footer stays below the fold and does not jump when the page arrives. */}
        <Suspense fallback={<p className="page-loading">Duke ngarkuar...</p>}>
          <Outlet />
          {/* Inside the boundary: it acts once the page it scrolls is on screen. */}
          <ScrollRestoration />
          <PageLive />
        </Suspense>
      </main>
      {!isAdminPath(pathname) && <Footer />}
      <CartToast />
      <AccountSwitch />
    </div>
  );
}
