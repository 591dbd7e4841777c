import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';

function RouteError() {
  return (
    <main className="page page-narrow" role="alert">
      <h1>Diçka shkoi keq</h1>
      <p>Faqja nuk mund të hapet tani. Rifreskoni faqen ose provoni përsëri pas pak.</p>
      <p>
        <a href="/">Kthehu në ballinë</a>
      </p>
    </main>
  );
}

class Boundary extends Component<{ children: ReactNode; path: string }, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: { path: string }, state: { failedAt: string | null }) {
    // Remember where it failed; another address gets a new try.
    if (state.failedAt === '') return { failedAt: props.path };
    if (state.failedAt !== null && state.failedAt !== props.path) return { failedAt: null };
    return null;
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteError />;
  }
}

/**
 * A page that throws while rendering, or whose code cannot be loaded (offline, or a deploy
 * replaced the chunk), shows RouteError instead of a blank screen; going to another address
 * tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary path={pathname}>{children}</Boundary>;
}
