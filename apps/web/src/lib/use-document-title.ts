import { shop } from '@shop/shared/domain/shop';
import { useEffect } from 'react';

/** Sets the page's title and meta description (every page has its own, in Albanian). */
export function useDocumentTitle(title: string, description?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${shop.name}` : shop.name;
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
