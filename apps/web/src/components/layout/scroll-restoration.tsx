import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'shop-scroll-positions';

function readSaved(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The element a #hash names; a malformed %-escape (typed or pasted: `/#%`) is taken as written. */
function anchorOf(hash: string): HTMLElement | null {
  const raw = hash.slice(1);
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // URIError: not an escape sequence, so no element is named by its decoded form.
  }
  return document.getElementById(id);
}

/**
 * Scroll like a multi-page site: a new page starts at the top (or at its #anchor), Back and
 * Forward return to where the visitor was, also after a reload (positions are kept per history
 * entry in sessionStorage).
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number>>(null);
  positions.current ??= readSaved();
  const currentKey = useRef(location.key);
  const currentPath = useRef(location.pathname);

  useEffect(() => {
    const saved = positions.current!;
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      saved[currentKey.current] = window.scrollY;
    };
    const persist = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
      } catch {
        // storage full or blocked: positions are only kept for this page's life
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    // A page that replaces its own address while it is used (a list's search typed into the
    // address, decision 021) stays where the reader is.
    const samePage = currentPath.current === location.pathname;
    currentPath.current = location.pathname;
    const saved = positions.current![location.key];
    // 'default' is the key of every entry the router did not make (the first load, a plain
    // #anchor link): there the anchor wins over a remembered position.
    const anchor = location.hash ? anchorOf(location.hash) : null;
    if (navigationType === 'POP' && saved !== undefined && !(anchor && location.key === 'default')) {
      window.scrollTo(0, saved);
    } else if (anchor) {
      anchor.scrollIntoView();
    } else if (navigationType === 'PUSH' || (navigationType === 'REPLACE' && !samePage)) {
      window.scrollTo(0, 0);
    }
  }, [location.key, location.hash, location.pathname, navigationType]);

  return null;
}
