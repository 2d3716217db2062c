import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const ioModules = ['fastify', 'knex', 'react', 'react-dom', 'pg', 'better-sqlite3', 'node:fs', 'fs', 'node:fs/promises', 'fs/promises', 'node:net', 'node:http', 'node:child_process', 'nodemailer'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ioModules.map((name) => ({ name, message: 'engine/ is pure: no I/O imports (DESIGN.md section 2).' })),
        patterns: [{ group: ['@fastify/*', 'node:*', '../server/*', '../../server/*', '../renderer/*', '../../renderer/*'], message: 'engine/ is pure: no I/O imports (DESIGN.md section 2).' }],
      }],
    },
  },
);
