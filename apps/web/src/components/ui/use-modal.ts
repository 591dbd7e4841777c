import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * What makes a panel a modal dialog, while it is mounted: the app behind it (#root) is inert and
 * does not scroll, Tab and Shift+Tab stay inside the panel, Escape calls `onEscape`, and focus goes
 * back to what had it before (when `restoreFocus`). Focus inside the panel is the caller's to set.
 */
export function useModal(panel: RefObject<HTMLElement | null>, onEscape: () => void, { restoreFocus = true } = {}): void {
  const escape = useRef(onEscape);
  useLayoutEffect(() => {
    escape.current = onEscape;
  });

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        escape.current();
        return;
      }
      if (e.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !panel.current.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !panel.current.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      root?.removeAttribute('inert');
      document.body.style.overflow = overflow;
      if (restoreFocus) opener?.focus?.();
    };
  }, [panel, restoreFocus]);
}

/** The first control of a panel that can take focus. */
export const firstFocusable = (panel: HTMLElement | null) => panel?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
