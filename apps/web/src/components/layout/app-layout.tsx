import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { TopBar } from './top-bar';
import { Footer } from './footer';

export function AppLayout() {
  const navigation = useNavigation();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Kalo te përmbajtja
      </a>
      <TopBar />
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Duke ngarkuar faqen" />}
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">Duke ngarkuar...</p>}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
