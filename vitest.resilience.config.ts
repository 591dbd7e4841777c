import { defineConfig } from 'vitest/config';

// The resilience suite (npm run test:resilience): built servers as child processes under load,
// SIGKILL, a PostgreSQL outage and two instances on one database. One file at a time: each one
// loads the machine on its own.
export default defineConfig({
  test: {
    name: 'resilience',
    environment: 'node',
    include: ['resilience/**/*.test.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
