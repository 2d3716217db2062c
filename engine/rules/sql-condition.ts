import type { Entity } from '../metadata/entity-schema.js';
import { RelationPending } from './rule-context.js';

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
  | { kind: 'in'; field: string; values: (string | number)[] }
  | { kind: 'inRelation'; field: string; relation: RelationQuery };

/**
 * A relation compiled for one caller: the `value` field of the rows of entity type `source` where
 * `where` holds (a subquery in SQL; in memory, the relation's loaded values).
 */
export interface RelationQuery {
  name: string;
  source: Entity;
  value: string;
  where: SqlCondition;
}

/** The loaded values of a relation by name; undefined while it is not loaded. */
export type LoadedRelations = (name: string) => readonly (string | number)[] | undefined;

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
  if (leaf?.kind === 'not' && (leaf.item.kind === 'in' || leaf.item.kind === 'inRelation') && leaf.item.field === guard.field) return leaf.item;
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
    case 'inRelation':
      return junction('or', [{ kind: 'not', item: cond }, { kind: 'null', field: cond.field, negated: false }]);
  }
}

/** The relations a condition reads (in memory they must be loaded first). */
export function relationsIn(cond: SqlCondition, into: Set<string> = new Set()): Set<string> {
  if (cond.kind === 'inRelation') into.add(cond.relation.name);
  else if (cond.kind === 'and' || cond.kind === 'or') for (const item of cond.items) relationsIn(item, into);
  else if (cond.kind === 'not') relationsIn(cond.item, into);
  return into;
}

/** A relation's values as a set of their text forms, made once per loaded array. */
const valueSets = new WeakMap<readonly (string | number)[], Set<string>>();
function valueSet(values: readonly (string | number)[]): Set<string> {
  let set = valueSets.get(values);
  if (!set) valueSets.set(values, (set = new Set(values.map(String))));
  return set;
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

/**
 * Evaluates a condition against a row in memory, with the semantics described above. A relation
 * must be loaded (`relations`); one that is not raises RelationPending.
 */
export function evaluateSqlCondition(cond: SqlCondition, row: Readonly<Record<string, unknown>>, relations?: LoadedRelations): boolean {
  const value = (field: string): unknown => (field.includes('.') ? field.split('.').reduce<unknown>(
    (at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), row) : row[field]);
  switch (cond.kind) {
    case 'const': return cond.value;
    case 'and': return cond.items.every((item) => evaluateSqlCondition(item, row, relations));
    case 'or': return cond.items.some((item) => evaluateSqlCondition(item, row, relations));
    case 'not': return !evaluateSqlCondition(cond.item, row, relations);
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
    case 'inRelation': {
      const v = value(cond.field);
      if (v === null || v === undefined) return false;
      const values = relations?.(cond.relation.name);
      if (values === undefined) throw new RelationPending(cond.relation.name);
      return valueSet(values).has(String(typeof v === 'boolean' ? Number(v) : v));
    }
  }
}
