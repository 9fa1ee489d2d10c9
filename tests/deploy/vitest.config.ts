import { defineConfig } from 'vitest/config';

// Run by tests/deploy/run.sh (`npm run test:deploy`), not by `npm test`.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    projects: [
      {
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          exclude: ['tests/deploy/lambda-*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'deploy-lambda',
          include: ['tests/deploy/lambda-*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/setup-database.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
