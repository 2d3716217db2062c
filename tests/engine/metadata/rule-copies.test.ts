import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleReference } from '../../../engine/metadata/rule-library.js';
import { PROJECT_ROOT } from './metadata-fixture.js';

/**
 * DESIGN.md section 4: "A predicate written out twice is a defect." An access predicate is a
 * json-logic operation that checks a role or claim, reads `user.*` or `row.*`, or combines named
 * rules; a reference (`{ "rule": "isManager" }`) is the one way to use it again.
 */
const ROLE_OPERATORS = new Set(['hasRole', 'activeRole', 'hasClaim']);

function operator(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  return keys.length === 1 ? keys[0]! : null;
}

function isAccessPredicate(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(isAccessPredicate);
  if (typeof value !== 'object' || value === null) return false;
  if (ruleReference(value) !== null) return true;
  const op = operator(value);
  if (op === 'var') {
    const arg = (value as { var: unknown }).var;
    const path = Array.isArray(arg) ? arg[0] : arg;
    return typeof path === 'string' && /^(user|row)\./.test(path);
  }
  if (op !== null && ROLE_OPERATORS.has(op)) return true;
  return Object.values(value).some(isAccessPredicate);
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

/** Every access predicate (stringified) with the places it is written out. */
function predicates(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (value: unknown, at: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${at}/${i}`));
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const op = operator(value);
    if (op !== null && op !== 'var' && ruleReference(value) === null && isAccessPredicate(value)) {
      const key = JSON.stringify(value);
      found.set(key, [...(found.get(key) ?? []), at]);
    }
    for (const [key, child] of Object.entries(value)) visit(child, `${at}/${key}`);
  };
  for (const folder of ['metadata', 'tenants']) {
    for (const file of jsonFiles(join(PROJECT_ROOT, folder))) {
      visit(JSON.parse(readFileSync(file, 'utf8')) as unknown, `${relative(PROJECT_ROOT, file)} `);
    }
  }
  return found;
}

describe('metadata holds each access predicate once', () => {
  const all = predicates();

  it('finds the predicates it looks for (the walk is not empty)', () => {
    expect(all.size).toBeGreaterThan(20);
    expect(all.has(JSON.stringify({ hasRole: ['AdminUser', '400', '500'] }))).toBe(true);
  });

  it('writes no access predicate out twice across metadata/ and tenants/ (name it in metadata/rules.json and reference it)', () => {
    const copies = [...all].filter(([, places]) => places.length > 1).map(([predicate, places]) => ({ predicate, places }));
    expect(copies).toEqual([]);
  });
});
