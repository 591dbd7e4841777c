import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

/** A page's frame: its heading, title and meta description. */
export function PageShell({
  title,
  heading,
  description,
  children,
  className,
}: {
  title: string;
  heading?: ReactNode;
  description?: string;
  children?: ReactNode;
  className?: string;
}) {
  useDocumentTitle(title, description);
  return (
    <div className={`page ${className ?? ''}`}>
      {heading !== null && <h1 className="page-title">{heading ?? title}</h1>}
      {children}
    </div>
  );
}
