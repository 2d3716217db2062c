/**
 * A database-neutral condition on one row, compiled from a row-scope rule (see rule-to-sql.ts).
 * `field` is the row property (the part after `row.`).
 *
 * Semantics, the same in SQL and in evaluateSqlCondition: a `compare` or `in` on a null field
 * is false. The compiler never puts `not` around a `compare`, and puts it around an `in` only
 * inside `or(not(in), null(field))`, so SQL's "unknown" never decides a result differently.
 */
export type SqlCondition =
  | { kind: 'const'; value: boolean }
  | { kind: 'and' | 'or'; items: SqlCondition[] }
  | { kind: 'not'; item: SqlCondition }
  | { kind: 'compare'; field: string; op: SqlCompareOp; value: string | number | boolean }
  | { kind: 'null'; field: string; negated: boolean }
  | { kind: 'in'; field: string; values: (string | number)[] };

export type SqlCompareOp = '=' | '<>' | '<' | '<=' | '>' | '>=';

export const FALSE: SqlCondition = { kind: 'const', value: false };

/** and/or with constants folded, nested lists of the same kind flattened, single items unwrapped. */
export function junction(kind: 'and' | 'or', items: readonly SqlCondition[]): SqlCondition {
  const absorbing = kind === 'or';
  const kept: SqlCondition[] = [];
  for (const item of items) {
    if (item.kind === 'const') {
      if (item.value === absorbing) return item;
      continue;
    }
    if (item.kind === kind) kept.push(...item.items);
    else kept.push(item);
  }
  if (kept.length === 0) return { kind: 'const', value: !absorbing };
  return kept.length === 1 ? kept[0]! : { kind, items: kept };
}

const INVERSE: Record<SqlCompareOp, SqlCompareOp> = { '=': '<>', '<>': '=', '<': '>=', '<=': '>', '>': '<=', '>=': '<' };

/** A negated leaf as `negate` builds it, `or(leaf', null(field))`, turned back into the leaf. */
function unguarded(cond: { items: SqlCondition[] }): SqlCondition | null {
  const [leaf, guard] = cond.items;
  if (cond.items.length !== 2 || guard?.kind !== 'null' || guard.negated) return null;
  if (leaf?.kind === 'compare' && leaf.field === guard.field) return { ...leaf, op: INVERSE[leaf.op] };
  if (leaf?.kind === 'not' && leaf.item.kind === 'in' && leaf.item.field === guard.field) return leaf.item;
  return null;
}

/** The negation, pushed down to the leaves; a negated leaf also holds when its field is null. */
export function negate(cond: SqlCondition): SqlCondition {
  switch (cond.kind) {
    case 'const': return { kind: 'const', value: !cond.value };
    case 'and': return junction('or', cond.items.map(negate));
    case 'or': return unguarded(cond) ?? junction('and', cond.items.map(negate));
    case 'not': return cond.item;
    case 'null': return { ...cond, negated: !cond.negated };
    case 'compare':
      return junction('or', [{ ...cond, op: INVERSE[cond.op] }, { kind: 'null', field: cond.field, negated: false }]);
    case 'in':
      return junction('or', [{ kind: 'not', item: cond }, { kind: 'null', field: cond.field, negated: false }]);
  }
}

/** -1, 0, 1, or null when the two cannot be compared; booleans count as 1 and 0 (SQLite stores them so). */
function order(a: unknown, b: unknown): number | null {
  const [x, y] = [typeof a === 'boolean' ? Number(a) : a, typeof b === 'boolean' ? Number(b) : b];
  if (typeof x === 'number' || typeof y === 'number') {
    const [nx, ny] = [Number(x), Number(y)];
    return Number.isNaN(nx) || Number.isNaN(ny) ? null : Math.sign(nx - ny);
  }
  const [sx, sy] = [String(x), String(y)];
  return sx < sy ? -1 : sx > sy ? 1 : 0;
}

const TESTS: Record<SqlCompareOp, (o: number) => boolean> = {
  '=': (o) => o === 0, '<>': (o) => o !== 0, '<': (o) => o < 0, '<=': (o) => o <= 0, '>': (o) => o > 0, '>=': (o) => o >= 0,
};

/** Evaluates a condition against a row in memory, with the semantics described above. */
export function evaluateSqlCondition(cond: SqlCondition, row: Readonly<Record<string, unknown>>): boolean {
  const value = (field: string): unknown => (field.includes('.') ? field.split('.').reduce<unknown>(
    (at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), row) : row[field]);
  switch (cond.kind) {
    case 'const': return cond.value;
    case 'and': return cond.items.every((item) => evaluateSqlCondition(item, row));
    case 'or': return cond.items.some((item) => evaluateSqlCondition(item, row));
    case 'not': return !evaluateSqlCondition(cond.item, row);
    case 'null': return (value(cond.field) === null || value(cond.field) === undefined) !== cond.negated;
    case 'compare': {
      const v = value(cond.field);
      if (v === null || v === undefined) return false;
      const o = order(v, cond.value);
      return o === null ? cond.op === '<>' : TESTS[cond.op](o);
    }
    case 'in': {
      const v = value(cond.field);
      return v !== null && v !== undefined && cond.values.some((x) => order(v, x) === 0);
    }
  }
}
