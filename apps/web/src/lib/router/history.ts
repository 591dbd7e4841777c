/**
 * Where the shop's router takes its address from (decision 038): the browser's history, a list in
 * memory (tests) or one fixed address (the server's renderer). wouter reads only a path; the shop
 * also needs what React Router gave it: the state a navigation carried, a key per history entry
 * and how the entry was reached (POP, PUSH, REPLACE), for the scroll positions
 * (components/layout/scroll-restoration.tsx) and the login's way back (features/auth/sign-in.ts).
 */

export interface Path {
  pathname: string;
  /** '' or '?…' */
  search: string;
  /** '' or '#…' */
  hash: string;
}

export interface Location extends Path {
  /** What the navigation that made this entry carried (null when none). */
  state: unknown;
  /** The entry's own key; 'default' for an entry the router did not make (a page loaded fresh). */
  key: string;
}

/** Where to go: a path with its query and hash, or its parts. */
export type To = string | Partial<Path>;

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Update {
  action: NavigationType;
  location: Location;
}

export interface History {
  readonly action: NavigationType;
  readonly location: Location;
  push(to: Path, state?: unknown): void;
  replace(to: Path, state?: unknown): void;
  go(delta: number): void;
  /** Called after each change; returns the unsubscribe. One listener at a time, as React Router's. */
  listen(listener: (update: Update) => void): () => void;
}

export const createKey = () => Math.random().toString(36).slice(2, 10);

/** '/a?b#c' -> its parts; a part not written is left out. */
export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  const hashAt = path.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = path.slice(hashAt);
    path = path.slice(0, hashAt);
  }
  const searchAt = path.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = path.slice(searchAt);
    path = path.slice(0, searchAt);
  }
  if (path) parsed.pathname = path;
  return parsed;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  return (
    pathname +
    (search && search !== '?' ? (search[0] === '?' ? search : `?${search}`) : '') +
    (hash && hash !== '#' ? (hash[0] === '#' ? hash : `#${hash}`) : '')
  );
}

const normalized = (mark: string, part = '') => (!part || part === mark ? '' : part[0] === mark ? part : mark + part);

/** `to` as a full path: a query or a hash alone ('?page=2') stays on the page at `fromPathname`. */
export function resolvePath(to: To, fromPathname: string): Path {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  return {
    pathname: parts.pathname || fromPathname,
    search: normalized('?', parts.search),
    hash: normalized('#', parts.hash),
  };
}

/** The browser's history; entries carry `{ usr: state, key }` in `history.state`, as React Router's did. */
export function createBrowserHistory(win: Window = window): History {
  const globalHistory = win.history;
  let action: NavigationType = 'POP';
  let listener: ((update: Update) => void) | null = null;
  const entryState = () => (globalHistory.state ?? {}) as { usr?: unknown; key?: unknown };
  const history: History = {
    get action() {
      return action;
    },
    get location() {
      const { pathname, search, hash } = win.location;
      const { usr, key } = entryState();
      return { pathname, search, hash, state: usr || null, key: typeof key === 'string' && key ? key : 'default' };
    },
    push(to, state = null) {
      action = 'PUSH';
      const url = createPath(to);
      try {
        globalHistory.pushState({ usr: state, key: createKey() }, '', url);
      } catch (error) {
        // A state that cannot be stored is the caller's mistake; anything else (Safari's limit of
        // pushState calls) still reaches the page, by loading it.
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        win.location.assign(url);
      }
      listener?.({ action, location: history.location });
    },
    replace(to, state = null) {
      action = 'REPLACE';
      globalHistory.replaceState({ usr: state, key: createKey() }, '', createPath(to));
      listener?.({ action, location: history.location });
    },
    go: (delta) => globalHistory.go(delta),
    listen(fn) {
      const onPop = () => {
        action = 'POP';
        listener?.({ action, location: history.location });
      };
      listener = fn;
      win.addEventListener('popstate', onPop);
      return () => {
        win.removeEventListener('popstate', onPop);
        listener = null;
      };
    },
  };
  return history;
}

/**
 * A history in memory (tests): entries are addresses or locations; the first one's key is
 * 'default' unless given, like an entry of a page loaded fresh.
 */
export function createMemoryHistory(initialEntries: (string | (Partial<Location> & { pathname: string }))[] = ['/']): History {
  const entries: Location[] = initialEntries.map((entry, i) => {
    const given: Partial<Location> = typeof entry === 'string' ? parsePath(entry) : entry;
    const { state = null, key = i === 0 ? 'default' : createKey(), ...path } = given;
    return { ...resolvePath(path, '/'), state, key };
  });
  let index = entries.length - 1;
  let action: NavigationType = 'POP';
  let listener: ((update: Update) => void) | null = null;
  const notify = () => listener?.({ action, location: entries[index]! });
  return {
    get action() {
      return action;
    },
    get location() {
      return entries[index]!;
    },
    push(to, state = null) {
      action = 'PUSH';
      entries.splice(++index, entries.length, { ...to, state, key: createKey() });
      notify();
    },
    replace(to, state = null) {
      action = 'REPLACE';
      entries[index] = { ...to, state, key: createKey() };
      notify();
    },
    go(delta) {
      action = 'POP';
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      notify();
    },
    listen(fn) {
      listener = fn;
      return () => {
        listener = null;
      };
    },
  };
}
