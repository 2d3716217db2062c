import { defineConfig } from 'vitest/config';

/** npm run test:resilience: the attacks that take longer (kill -9 under load, several instances). */
export default defineConfig({
  test: {
    include: ['tests/resilience/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
