import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // the slow attacks (kill -9 under load, two instances) run with npm run test:resilience
    exclude: [...configDefaults.exclude, 'tests/resilience/**'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
