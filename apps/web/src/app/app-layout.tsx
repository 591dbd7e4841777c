import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useNavigationPending } from './shop-router';
import { useTwoFactorSetupRedirect } from './two-factor-redirect';
import { TopBar } from '../components/layout/top-bar';
import { Footer } from '../components/layout/footer';
import { ScrollRestoration } from '../components/layout/scroll-restoration';
import { CartToast } from '../components/layout/cart-toast';
import { AccountSwitchDialog } from '../features/auth/components/account-switch-dialog';

/** The admin area is a work screen: no shop footer (address, newsletter, social links) under it. */
const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

export function AppLayout() {
  const pending = useNavigationPending();
  const { pathname } = useLocation();
  useTwoFactorSetupRedirect();
  // The page is live (rendered, or hydrated when the server sent it): its buttons work from now on.
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
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
        </Suspense>
      </main>
      {!isAdminPath(pathname) && <Footer />}
      <CartToast />
      <AccountSwitchDialog />
    </div>
  );
}
