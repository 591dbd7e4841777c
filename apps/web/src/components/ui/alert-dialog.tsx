import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from './use-modal';
import './alert-dialog.css';

/**
 * A question the user must answer before going on (cancel an order, move an order's status, switch
 * accounts): a labelled alert dialog over the page, with the behaviour of useModal (the page behind
 * is inert, Tab stays inside, Escape calls `onEscape`). The button marked `data-autofocus` gets the
 * focus when the dialog opens and again whenever `focusKey` changes (the safe answer, as a rule).
 */
export function AlertDialog({
  title,
  text,
  onEscape,
  actions,
  restoreFocus = true,
  focusKey,
  liveText = false,
  children,
}: {
  title: ReactNode;
  text: ReactNode;
  onEscape: () => void;
  /** The answers, as buttons. */
  actions: ReactNode;
  restoreFocus?: boolean;
  focusKey?: string;
  /** The text changes while the dialog is open (read out when it does). */
  liveText?: boolean;
  /** Fields the answer needs (the IMEIs of an order's units), between the text and the answers. */
  children?: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const textId = useId();
  useModal(panel, onEscape, { restoreFocus });
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [focusKey]);
  return createPortal(
    <div className="alert-backdrop">
      <div ref={panel} className="alert-dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId}>
        <h2 id={titleId}>{title}</h2>
        <p id={textId} aria-live={liveText ? 'polite' : undefined}>
          {text}
        </p>
        {children}
        <div className="alert-dialog-actions">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
