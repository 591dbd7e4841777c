import { describe, expect, it, vi } from 'vitest';
import { remembered, REMEMBERED_MAX, REMEMBERED_URL_MAX } from './web-renderer';

describe('remembered (the redirect asked before every page)', () => {
  it('asks once per address and gives the same answer, null included', () => {
    const answer = vi.fn((url: string) => (url === '/kyqu' ? { location: '/kycu', status: 301 as const } : null));
    const redirect = remembered(answer);
    expect(redirect('/kyqu')).toEqual({ location: '/kycu', status: 301 });
    expect(redirect('/kyqu')).toBe(redirect('/kyqu'));
    expect(redirect('/')).toBeNull();
    expect(redirect('/')).toBeNull();
    expect(answer).toHaveBeenCalledTimes(2);
  });

  it('keeps at most REMEMBERED_MAX answers and none for a long address', () => {
    const answer = vi.fn((url: string) => url.length);
    const redirect = remembered(answer);
    for (let i = 0; i <= REMEMBERED_MAX; i++) redirect(`/p/${i}`);
    expect(answer).toHaveBeenCalledTimes(REMEMBERED_MAX + 1);
    // Emptied when full: the first address is asked again.
    redirect('/p/0');
    expect(answer).toHaveBeenCalledTimes(REMEMBERED_MAX + 2);
    const long = `/${'x'.repeat(REMEMBERED_URL_MAX)}`;
    redirect(long);
    redirect(long);
    expect(answer).toHaveBeenCalledTimes(REMEMBERED_MAX + 4);
  });
});
