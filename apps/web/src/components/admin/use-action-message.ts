import { useCallback, useState } from 'react';
import { errorText } from './error-text';

type ActionNote = { kind: 'error' | 'success'; text: string } | null;

/** One note per page for the outcome of the last admin action. */
export function useActionMessage() {
  const [message, setMessage] = useState<ActionNote>(null);
  const clear = useCallback(() => setMessage(null), []);
  const success = useCallback((text: string) => setMessage({ kind: 'success', text }), []);
  const failure = useCallback((err: unknown, fallback?: string) => setMessage({ kind: 'error', text: errorText(err, fallback) }), []);
  return { message, clear, success, failure };
}
