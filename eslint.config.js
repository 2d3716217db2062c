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
  {
    // The server evaluates rules through server/rules (the caller's relations are read when a rule asks);
    // an engine evaluator called directly would stop at the first relation it meets (RelationPending).
    files: ['server/**/*.ts'],
    ignores: ['server/rules/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          group: ['**/engine/rules/json-logic.js', '**/engine/rules/named-rule.js', '**/engine/rules/row-rule.js', '**/engine/rules/rule-to-sql.js'],
          importNames: ['ruleHolds', 'evaluateRule', 'namedRuleHolds', 'compileRowRule', 'compileRowScope', 'compileRelation', 'relationValues'],
          message: 'Evaluate rules through server/rules (holds, holdsNamed, rowScope, settle): they read the relations a rule asks for.',
        }],
      }],
    },
  },
  {
    // A migration replays the same way forever: it imports no other numbered migration (copy what it needs, frozen).
    // helpers.ts is shared: it holds only column sets and checks that never change once released.
    files: ['migrations/**/*.ts'],
    ignores: ['migrations/index.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['./[0-9]*', '../migrations/[0-9]*'], message: 'A migration must not import another migration: copy what it needs into the file, frozen as it is.' }],
      }],
    },
  },
);
