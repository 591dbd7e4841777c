import { describe, expect, it } from 'vitest';
import { redirectAt } from './redirects';
import { pageAt } from './router';

describe('addresses the server redirects (issue 26)', () => {
  it('sends a path no page has to / with a 302 (product.md §2.1), its query dropped', () => {
    for (const url of [
      '/kjo-faqe-nuk-ekziston',
      '/kjo-faqe-nuk-ekziston?a=1',
      '/products/iphone-16/extra',
      '/blog/a/b',
      '/sherbimet/nuk-ka',
    ]) {
      expect(redirectAt(url), url).toEqual({ location: '/', status: 302 });
    }
  });

  it('sends an alias to its page with a 301, the query kept', () => {
    expect(redirectAt('/kyqu')).toEqual({ location: '/kycu', status: 301 });
    expect(redirectAt('/services')).toEqual({ location: '/sherbimet', status: 301 });
    expect(redirectAt('/accessories?x=1')).toEqual({ location: '/products/accessories?x=1', status: 301 });
    expect(redirectAt('/gift-cards')).toEqual({ location: '/products/giftcard', status: 301 });
  });

  it("answers every page's own address itself, a missing product's and post's too (their 404 page)", () => {
    for (const url of [
      '/',
      '/products',
      '/products/nuk-ekziston',
      '/blog/nuk-ekziston',
      '/login',
      '/profile',
      '/admin/orders/3',
      '/servisi/statusi?kodi=R-1',
    ]) {
      expect(redirectAt(url), url).toBeNull();
    }
  });

  it('renders the account screens and the repair tracking page on the server, not the profile or admin', () => {
    for (const path of [
      '/login',
      '/kycu',
      '/register',
      '/regjistrohu',
      '/harruat-fjalekalimin',
      '/rivendos-fjalekalimin',
      '/verifiko-email',
      '/servisi/statusi',
    ]) {
      expect(pageAt(path).serverRendered, path).toBe(true);
    }
    for (const path of ['/profile', '/admin', '/warranty', '/porosia/1']) expect(pageAt(path).serverRendered, path).toBe(false);
  });

  it('takes the most specific page for an address: a written path over a :param, an index over its parent', () => {
    const leaf = (path: string) => pageAt(path).modules.at(-1);
    expect(leaf('/products/iphone')).toBe('src/app/routes/iphone.tsx');
    expect(leaf('/products/iphone-16')).toBe('src/app/routes/product-detail.tsx');
    expect(leaf('/admin/riparimet/e-re')).toBe('src/app/routes/admin/repair-new.tsx');
    expect(leaf('/admin/riparimet/5')).toBe('src/app/routes/admin/repair-detail.tsx');
    expect(leaf('/admin/products')).toBe('src/app/routes/admin/products.tsx');
    expect(pageAt('/admin').modules).toEqual(['src/app/routes/admin/layout.tsx', 'src/app/routes/admin/dashboard.tsx']);
    expect(leaf('/sherbimet')).toBe('src/app/routes/services/index.tsx');
  });
});
