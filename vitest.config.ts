import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // the slow attacks (kill -9 under load) run with npm run test:resilience; the two-instance
    // test (PostgreSQL only, a few seconds) runs here too
    exclude: [...configDefaults.exclude, 'tests/resilience/kill-writes.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
