import { documentTitle } from '@shop/shared/domain/seo';
import { createContext, useContext, useEffect } from 'react';

/** What a page rendered on the server said of itself: its title and description, for the head. */
export interface RenderedHead {
  title?: string;
  description?: string;
}

/** Given only by the server's renderer (entry-server.tsx); in the browser there is none. */
export const RenderedHeadContext = createContext<RenderedHead | null>(null);

/** Sets the page's title and meta description (every page has its own, in Albanian). */
export function useDocumentTitle(title: string, description?: string): void {
  const rendered = useContext(RenderedHeadContext);
  if (rendered) {
    // On the server, where no effect runs: the last page frame rendered names the page.
    rendered.title = documentTitle(title);
    if (description) rendered.description = description;
  }
  useEffect(() => {
    document.title = documentTitle(title);
    // The first page's own tags from the server (canonical, Open Graph, JSON-LD) go once the app
    // shows another page.
    for (const el of document.querySelectorAll<HTMLElement>('[data-page-head]')) {
      if (el.dataset.pageHead !== window.location.pathname) el.remove();
    }
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
}
