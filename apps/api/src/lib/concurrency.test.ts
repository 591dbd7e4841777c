import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency';

describe('concurrencyLimit', () => {
  it('runs at most the given number of tasks at once, all of them in the end, in order', async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const release: (() => void)[] = [];
    const tasks = Array.from({ length: 6 }, (_, i) =>
      limit(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await new Promise<void>((r) => release.push(r));
        running--;
        return i * 10;
      }),
    );
    for (let done = 0; done < 6; done++) {
      await new Promise((r) => setTimeout(r, 5));
      expect(running).toBeLessThanOrEqual(2);
      release.shift()!();
    }
    expect(await Promise.all(tasks)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = concurrencyLimit(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 'next')).toBe('next');
  });
});
