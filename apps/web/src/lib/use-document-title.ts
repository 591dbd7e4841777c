import { documentTitle } from '@shop/shared/domain/seo';
import { useEffect } from 'react';

/** Sets the page's title and meta description (every page has its own, in Albanian). */
export function useDocumentTitle(title: string, description?: string): void {
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
