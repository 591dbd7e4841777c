import { describe, expect, it } from 'vitest';
import { isImageRef } from './catalogue';

describe('isImageRef', () => {
  it('accepts https addresses and paths on this site', () => {
    for (const ok of ['/images/x.webp', '/default-product.jpg', '/a/b/c.png?v=2', 'https://cdn.example.com/p/1.jpg']) {
      expect(isImageRef(ok), ok).toBe(true);
    }
  });

  it('finding 7: refuses every path a browser reads as another host', () => {
    for (const bad of [
      '//evil.test/x.png',
      '/\\evil.test/x.png',
      '\\/evil.test/x.png',
      '/\\\\evil.test/x.png',
      '/\t/evil.test/x.png',
      '/\n/evil.test/x.png',
      '/\r/evil.test/x.png',
      '/\u0000/evil.test/x.png',
      '/\u200b/evil.test/x.png',
      ' //evil.test/x.png',
      '/%2F/evil.test/x.png'.replace('%2F', '/'),
    ]) {
      expect(isImageRef(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses other schemes and bare names', () => {
    for (const bad of ['http://example.com/a.jpg', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'foto.jpg', '', 'https://']) {
      expect(isImageRef(bad), bad).toBe(false);
    }
  });
});
