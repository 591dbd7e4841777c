/**
 * What the browser build gives wouter for 'use-sync-external-store/shim' (vite.config.ts): React's
 * own hook. The shim is for React before 18 and, on React 19, returns this same hook; its code
 * (about half a kilobyte gzip) would only be downloaded.
 */
export { useSyncExternalStore } from 'react';
