import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink } from '../../lib/router';

/**
 * A menu button whose list closes on an outside click, on Escape, or when an item is chosen.
 * With an icon, the label is only read out (the help icon menu of product.md §2.1).
 */
export function Dropdown({
  label,
  links,
  className,
  icon,
}: {
  label: string;
  links: readonly { to: string; label: string }[];
  className?: string;
  icon?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div
      className={`dropdown ${className ?? ''}`}
      ref={ref}
      onBlur={(e) => {
        // Tabbing out of the menu closes it.
        if (open && e.relatedTarget && !ref.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        type="button"
        className={`nav-link dropdown-toggle${icon ? ' dropdown-icon' : ''}`}
        aria-label={icon ? label : undefined}
        title={icon ? label : undefined}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {icon ?? label}
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <ul id={id} className="dropdown-menu" hidden={!open}>
        {links.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} onClick={() => setOpen(false)}>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
