import { QueryClientProvider } from '@tanstack/react-query';
import { RouteErrorBoundary } from '../components/layout/route-error';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './router';
import { ShopRouter } from './shop-router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ShopRouter>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </ShopRouter>
    </QueryClientProvider>
  );
}
