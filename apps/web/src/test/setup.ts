import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor wait for a state, not a time: give them room on a busy two-core machine,
// where the API suites run beside these (a list that shows in 0.2 s alone took over 1 s there).
configure({ asyncUtilTimeout: 8_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
