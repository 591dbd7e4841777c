import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates a page the server rendered; true in every
 * other render. A page whose content lives only in the browser (the cart in local storage) shows
 * a shell until then, the same on both sides, instead of content the server cannot know.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
