import { useSyncExternalStore } from 'react';

/**
 * The token of a `?token=` link that arrived while another user was logged in (issue 13, finding 2):
 * held in memory only, never stored nor in the address, until the user answers the question.
 */
let pending: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function offerAccountSwitch(token: string): void {
  pending = token;
  emit();
}

export function dropAccountSwitch(): void {
  pending = null;
  emit();
}

export const pendingAccountSwitch = (): string | null => pending;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const usePendingAccountSwitch = (): string | null =>
  useSyncExternalStore(
    subscribe,
    () => pending,
    () => pending,
  );
