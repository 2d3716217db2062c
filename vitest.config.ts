import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // the slow attacks (kill -9 under load) run with npm run test:resilience; the two-instance
    // test (PostgreSQL only, a few seconds) runs here too
    exclude: [...configDefaults.exclude, 'tests/resilience/kill-writes.test.ts'],
    environment: 'node',
    pool: 'forks',
    // one test file per core: the default leaves one core to the runner, which on a 2-core machine
    // ran every file one after the other (the SQLite pass: 21 minutes; with 2 files at once, 14)
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
