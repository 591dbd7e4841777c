import { Component, type ReactNode } from 'react';
import { useLocation } from '../../lib/router';

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

/**
 * The error of a page whose code could not be fetched: a dynamic import (Chromium, Firefox,
 * Safari word it differently) or Vite's preload of the page's style sheet.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error && /dynamically imported module|importing a module script failed|unable to preload css/i.test(error.message)
  );
}

/** How long the page waits before loading itself again: files being replaced are back by then. */
export const CHUNK_RELOAD_DELAY_MS = 1000;
/** One reload per address in this time; a chunk still missing after it shows the error page. */
const RELOAD_GUARD_MS = 30_000;
const RELOAD_KEY = 'shop-chunk-reload';

/** Whether this address may reload itself now (and remembers that it did). Never without storage. */
function claimReload(path: string): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  try {
    const last: unknown = JSON.parse(sessionStorage.getItem(RELOAD_KEY) ?? 'null');
    if (
      last &&
      typeof last === 'object' &&
      (last as { path?: unknown }).path === path &&
      Math.abs(Date.now() - Number((last as { at?: unknown }).at)) < RELOAD_GUARD_MS
    )
      return false;
    sessionStorage.setItem(RELOAD_KEY, JSON.stringify({ path, at: Date.now() }));
    return true;
  } catch {
    return false;
  }
}

interface BoundaryProps {
  children: ReactNode;
  path: string;
  reload: () => void;
}

interface BoundaryState {
  /** null: no error; '': an error whose address is not known yet; else the address that failed. */
  failedAt: string | null;
  /** The page's code could not be fetched: it loads itself again (unless it just did). */
  reloading: boolean;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failedAt: null, reloading: false };
  private timer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failedAt: '', reloading: isChunkLoadError(error) };
  }

  static getDerivedStateFromProps(props: { path: string }, state: BoundaryState): Partial<BoundaryState> | null {
    // Remember where it failed; another address gets a new try.
    if (state.failedAt === '') return { failedAt: props.path };
    if (state.failedAt !== null && state.failedAt !== props.path) return { failedAt: null, reloading: false };
    return null;
  }

  override componentDidCatch() {
    if (!this.state.reloading || this.timer !== undefined) return;
    // A chunk that cannot be fetched is most often a moment's absence (a deploy or a build
    // replacing the files, a server restart): React.lazy keeps the failure, so the page loads
    // itself again, once, after a pause. If that does not help, the error page stays.
    if (!claimReload(this.props.path)) {
      this.setState({ reloading: false });
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.state.failedAt === this.props.path && this.state.reloading) this.props.reload();
    }, CHUNK_RELOAD_DELAY_MS);
  }

  override componentDidUpdate() {
    if (this.state.failedAt === null && this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  override componentWillUnmount() {
    clearTimeout(this.timer);
  }

  override render() {
    if (this.state.failedAt === null) return this.props.children;
    // The same text as the first page's loading state: the visitor sees the page coming, not an error.
    if (this.state.reloading) return <p className="page-loading">Duke ngarkuar...</p>;
    return <RouteError />;
  }
}

const reloadPage = () => window.location.reload();

/**
 * A page that throws while rendering shows RouteError instead of a blank screen. A page whose
 * code cannot be fetched (offline, or a deploy replaced the chunk) first loads itself again once;
 * then RouteError. Going to another address tries again.
 */
export function RouteErrorBoundary({ children, reload = reloadPage }: { children: ReactNode; reload?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Boundary path={pathname} reload={reload}>
      {children}
    </Boundary>
  );
}
