/**
 * Finished answers (the JSON bytes) kept between writes, for the public product reads (decision 008).
 *
 * It only serves while it is `live`, that is while the database's change notifications reach
 * this process; otherwise every call loads. `invalidate()` (a write here, or a notification of a
 * write anywhere) empties it. A load that was running when an invalidation came may have read
 * the old rows, so its result is handed to its callers but not kept.
 *
 * Concurrent misses of one key share one load. Only found answers are kept, under keys the
 * caller derives from real rows' ids, so the number of entries is bounded by the catalogue.
 */
export class ResponseCache<T> {
  private readonly entries = new Map<string, T>();
  private readonly loading = new Map<string, Promise<T | undefined>>();
  private generation = 0;
  private live = false;
  private readonly followers: ResponseCache<unknown>[] = [];
  /**
   * Lookups since start, for /metrics: answered from memory, loaded (and kept if possible), or
   * loaded while the cache was off (notifications not received). Joining a load in flight counts
   * as a hit: it costs no query.
   */
  readonly lookups = { hit: 0, miss: 0, off: 0 };

  /** Another cache of answers made from the same rows: emptied, turned on and off with this one. */
  follow(other: ResponseCache<unknown>): void {
    this.followers.push(other);
    other.setLive(this.live);
  }

  /** Notifications are (again) being received, or may be missed from now on. Either way, start empty. */
  setLive(live: boolean): void {
    this.live = live;
    this.invalidate();
    for (const f of this.followers) f.setLive(live);
  }

  get isLive(): boolean {
    return this.live;
  }

  get size(): number {
    return this.entries.size;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
    for (const f of this.followers) f.invalidate();
  }

  /**
   * The kept answer for `key`, or `load()`'s (kept unless it is undefined, outdated meanwhile, or
   * refused by `keep`).
   */
  get(key: string, load: () => Promise<T | undefined>, keep: (value: T) => boolean = () => true): Promise<T | undefined> {
    if (!this.live) {
      this.lookups.off++;
      return load();
    }
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.lookups.hit++;
      return Promise.resolve(hit);
    }
    const pending = this.loading.get(key);
    if (pending) {
      this.lookups.hit++;
      return pending;
    }
    this.lookups.miss++;
    const generation = this.generation;
    const current = () => generation === this.generation && this.live;
    const promise = load().then(
      (value) => {
        if (current()) {
          this.loading.delete(key);
          if (value !== undefined && keep(value)) this.entries.set(key, value);
        }
        return value;
      },
      (err: unknown) => {
        if (current()) this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }
}
