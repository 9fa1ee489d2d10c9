import { defineConfig } from 'vitest/config';

// The database outage suite (`npm run test:outage`): it starts a PostgreSQL instance of its own and
// the real server, so it stays out of `npm test` and runs as its own step in .ci/run.
export default defineConfig({
  test: {
    name: 'outage',
    root: '.',
    include: ['tests/outage/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
