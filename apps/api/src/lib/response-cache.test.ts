import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache';

/** A load whose answer the test hands over when it wants, counting the calls. */
function controlledLoad() {
  const calls: ((value: string | undefined) => void)[] = [];
  return {
    calls,
    load: () => new Promise<string | undefined>((resolve) => calls.push(resolve)),
  };
}

const liveCache = () => {
  const cache = new ResponseCache<string>();
  cache.setLive(true);
  return cache;
};

describe('ResponseCache', () => {
  it('keeps a loaded answer until it is invalidated', async () => {
    const cache = liveCache();
    let n = 0;
    const load = async () => `answer ${++n}`;
    expect(await cache.get('k', load)).toBe('answer 1');
    expect(await cache.get('k', load)).toBe('answer 1');
    expect(cache.size).toBe(1);
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(await cache.get('k', load)).toBe('answer 2');
  });

  it('loads every time while it is not live (before listening, or after the listener was lost)', async () => {
    const cache = new ResponseCache<string>();
    let n = 0;
    const load = async () => `answer ${++n}`;
    expect(await cache.get('k', load)).toBe('answer 1');
    expect(await cache.get('k', load)).toBe('answer 2');
    cache.setLive(true);
    expect(await cache.get('k', load)).toBe('answer 3');
    expect(await cache.get('k', load)).toBe('answer 3');
    cache.setLive(false);
    expect(cache.size).toBe(0);
    expect(await cache.get('k', load)).toBe('answer 4');
    expect(await cache.get('k', load)).toBe('answer 5');
  });

  it('starts empty when it becomes live again: answers kept before may have missed changes', async () => {
    const cache = liveCache();
    await cache.get('k', async () => 'old');
    cache.setLive(false);
    cache.setLive(true);
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('counts its lookups for /metrics: hits (a joined load too), misses, and loads while off', async () => {
    const cache = new ResponseCache<string>();
    await cache.get('k', async () => 'a');
    expect(cache.lookups).toEqual({ hit: 0, miss: 0, off: 1 });
    cache.setLive(true);
    const { calls, load } = controlledLoad();
    const both = Promise.all([cache.get('k', load), cache.get('k', load)]);
    calls[0]!('b');
    await both;
    expect(cache.lookups).toEqual({ hit: 1, miss: 1, off: 1 });
    await cache.get('k', load);
    await cache.get('other', async () => undefined);
    expect(cache.lookups).toEqual({ hit: 2, miss: 2, off: 1 });
  });

  it('shares one load among concurrent misses of a key', async () => {
    const cache = liveCache();
    const { calls, load } = controlledLoad();
    const answers = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(calls).toHaveLength(1);
    calls[0]!('shared');
    expect(await answers).toEqual(['shared', 'shared', 'shared']);
  });

  it('does not keep a load that an invalidation overtook (it may have read the old rows)', async () => {
    const cache = liveCache();
    const { calls, load } = controlledLoad();
    const first = cache.get('k', load);
    cache.invalidate();
    // A request after the write does not join the outdated load: it starts its own.
    const second = cache.get('k', load);
    expect(calls).toHaveLength(2);
    calls[0]!('before the write');
    calls[1]!('after the write');
    expect(await first).toBe('before the write');
    expect(await second).toBe('after the write');
    expect(await cache.get('k', async () => 'not called')).toBe('after the write');
  });

  it('does not keep a load that finished after the listener was lost', async () => {
    const cache = liveCache();
    const { calls, load } = controlledLoad();
    const pending = cache.get('k', load);
    cache.setLive(false);
    cache.setLive(true);
    calls[0]!('maybe stale');
    expect(await pending).toBe('maybe stale');
    expect(cache.size).toBe(0);
  });

  it('keeps neither misses nor failures', async () => {
    const cache = liveCache();
    let n = 0;
    expect(await cache.get('gone', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
    await expect(
      cache.get('k', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(await cache.get('k', async () => `answer ${++n}`)).toBe('answer 1');
  });
});
