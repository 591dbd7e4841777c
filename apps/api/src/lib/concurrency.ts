/**
 * A gate that lets at most `slots` tasks run at once; the others wait their turn in order.
 * Returns a function that runs a task through the gate.
 */
export function concurrencyLimit(slots: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active < slots) active++;
    // A finishing task hands its slot straight to the first in line, so `active` stays as it is.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
