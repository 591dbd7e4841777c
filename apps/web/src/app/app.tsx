import { QueryClientProvider } from '@tanstack/react-query';
import { RouteErrorBoundary } from '../components/layout/route-error';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './router';
import { ShopRouter } from './shop-router';

/** The pages under the error boundary; the browser (App) and the server (entry-server.tsx) give the router and the cache. */
export function AppPages() {
  return (
    <RouteErrorBoundary>
      <AppRoutes />
    </RouteErrorBoundary>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ShopRouter>
        <AppPages />
      </ShopRouter>
    </QueryClientProvider>
  );
}
