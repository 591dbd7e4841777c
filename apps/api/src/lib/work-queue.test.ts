import { describe, expect, it } from 'vitest';
import { Busy } from '../services/errors';
import { workQueue } from './work-queue';

/** A job that runs until its gate opens: the test decides when each job ends, no timers. */
function gated() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { open, job: async () => gate };
}

describe('issue 24 findings 14 and 15: the bounded work queue', () => {
  const busy = { msg: 'Provoni përsëri pas pak sekondash.', retryAfterSeconds: 7 };

  it('runs at most `concurrency` jobs, keeps at most `maxWaiting` in line and refuses the next at once with Busy', async () => {
    const q = workQueue({ concurrency: 2, maxWaiting: 3, busy });
    const gates = Array.from({ length: 5 }, gated);
    const started: number[] = [];
    const done = gates.map((g, i) =>
      q.run(async () => {
        started.push(i);
        await g.job();
        return i;
      }),
    );
    expect(q.stats()).toMatchObject({ running: 2, waiting: 3 });
    await Promise.resolve();
    expect(started).toEqual([0, 1]);

    // The line is full: the sixth is refused before it does any work.
    let ran = false;
    const refused = await q.run(async () => (ran = true)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Busy);
    expect(refused).toMatchObject({ message: busy.msg, retryAfterSeconds: 7 });
    expect(ran).toBe(false);

    // One finishes: the first in line takes its slot, and there is room for one more in line.
    gates[0]!.open();
    expect(await done[0]).toBe(0);
    expect(started).toEqual([0, 1, 2]);
    expect(q.stats()).toMatchObject({ running: 2, waiting: 2 });
    const late = gated();
    const lateDone = q.run(late.job);
    expect(q.stats()).toMatchObject({ running: 2, waiting: 3 });

    for (const g of gates) g.open();
    late.open();
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4]);
    await lateDone;
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(q.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('frees the slot of a job that fails, and a queue with no line refuses as soon as every slot is taken', async () => {
    const q = workQueue({ concurrency: 1, maxWaiting: 0, busy });
    const g = gated();
    const first = q.run(async () => {
      await g.job();
      throw new Error('boom');
    });
    await expect(q.run(async () => 1)).rejects.toBeInstanceOf(Busy);
    g.open();
    await expect(first).rejects.toThrow('boom');
    expect(q.stats()).toMatchObject({ running: 0, waiting: 0 });
    expect(await q.run(async () => 2)).toBe(2);
  });
});
