import { useCallback, useState } from 'react';
import { counterTills, DEFAULT_TILL, isCounterTill, type CounterTill } from '@shop/shared/domain/day-close';

const KEY = 'shop.till';

function stored(): CounterTill {
  try {
    const v = window.localStorage.getItem(KEY);
    return v !== null && isCounterTill(v) ? v : DEFAULT_TILL;
  } catch {
    return DEFAULT_TILL;
  }
}

/**
 * The till this computer works at (decision 051): chosen on the counter's screen and on 'Mbyllja
 * e ditës', remembered in this browser's localStorage (another computer keeps its own).
 */
export function useTill(): [CounterTill, (till: CounterTill) => void, readonly CounterTill[]] {
  const [till, setTill] = useState<CounterTill>(stored);
  const choose = useCallback((t: CounterTill) => {
    setTill(t);
    try {
      window.localStorage.setItem(KEY, t);
    } catch {
      // A browser that keeps nothing still sells at the till chosen for this page.
    }
  }, []);
  return [till, choose, counterTills];
}
