import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '../../lib/router';

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
 * The key positions are kept under for the history entry on screen. The router (lib/router) names
 * the entries it makes; one it did not make (a page loaded fresh, a plain #anchor link) reads as
 * 'default', the same for all of them, so a new page would open where the last fresh one was left
 * (issue 26). Such an entry gets a key of its own here, written into its history state where the
 * router reads keys (`history.state.key`): a reload or Back to it finds its own position, and no
 * other page shares it.
 */
function entryKey(routerKey: string): string {
  if (routerKey !== 'default') return routerKey;
  const state: unknown = window.history.state;
  const current = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  if (typeof current.key === 'string' && current.key !== 'default') return current.key;
  const key = `e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  window.history.replaceState({ ...current, key }, '');
  return key;
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
  const currentKey = useRef<string>(null);
  const currentPath = useRef(location.pathname);

  useEffect(() => {
    const saved = positions.current!;
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (currentKey.current) saved[currentKey.current] = window.scrollY;
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
    const key = entryKey(location.key);
    currentKey.current = key;
    // A page that replaces its own address while it is used (a list's search typed into the
    // address, decision 021) stays where the reader is.
    const samePage = currentPath.current === location.pathname;
    currentPath.current = location.pathname;
    const saved = positions.current![key];
    const anchor = location.hash ? anchorOf(location.hash) : null;
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
    } else if (anchor) {
      anchor.scrollIntoView();
    } else if (navigationType === 'PUSH' || (navigationType === 'REPLACE' && !samePage)) {
      window.scrollTo(0, 0);
    }
  }, [location.key, location.hash, location.pathname, navigationType]);

  return null;
}
