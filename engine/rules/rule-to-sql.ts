import { evaluateRule, relationApplies, ruleHolds } from './json-logic.js';
import { memoForCaller } from './caller-memo.js';
import type { RuleContext } from './rule-context.js';
import { FALSE, junction, negate, type RelationQuery, type SqlCompareOp, type SqlCondition } from './sql-condition.js';

export type { SqlCondition } from './sql-condition.js';

/** A row-scope rule reads `row.*` in a way that has no SQL form; the message names the operator. */
export class RuleCompileError extends Error {
  override name = 'RuleCompileError';
}

/**
 * A RuleCompileError without a stack trace: compileRowRule meets it on every request whose rule has
 * no SQL form and falls back to json-logic, and capturing the stack cost more than the compile
 * (docs/performance.md, issue 25). The message says what and where.
 */
function compileError(message: string): RuleCompileError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new RuleCompileError(message);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

const SUPPORTED = 'and, or, !, !!, ==, ===, !=, !==, <, <=, >, >=, in, var';
const FIELD = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
/** Operators whose later arguments are evaluated per item, with the item (not the data) as scope. */
const ITEM_SCOPED = new Set(['map', 'filter', 'reduce', 'all', 'none', 'some']);
const COMPARE_OPS: Record<string, SqlCompareOp> = { '==': '=', '===': '=', '!=': '<>', '!==': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };
const SWAPPED: Record<SqlCompareOp, SqlCompareOp> = { '=': '=', '<>': '<>', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

type Operation = [op: string, args: unknown[]];

function operation(node: unknown): Operation | null {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return null;
  const keys = Object.keys(node);
  if (keys.length !== 1) return null;
  const arg = (node as Record<string, unknown>)[keys[0]!];
  return [keys[0]!, Array.isArray(arg) ? arg : [arg]];
}

function fail(op: string, why = 'cannot be compiled to a row scope'): never {
  throw compileError(`operator "${op}" reads row.* and ${why} (supported: ${SUPPORTED})`);
}

function readsRowPath(path: unknown): boolean {
  if (typeof path !== 'string' && typeof path !== 'number') {
    throw compileError('a var with a computed path cannot be compiled to a row scope');
  }
  const s = String(path);
  return s === '' || s === 'row' || s.startsWith('row.');
}

/** Whether evaluating the node reads the row (the whole data counts: `{"var":""}`). */
function readsRow(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(readsRow);
  const operationOf = operation(node);
  if (!operationOf) return false;
  const [op, args] = operationOf;
  if (op === 'var') return readsRowPath(args[0] ?? '') || readsRow(args[1]);
  // a fact is about the row (it has no SQL form: rules reading one are evaluated row by row)
  if (op === 'fact') return true;
  if (op === 'missing' || op === 'missing_some') {
    return readsRow(args) || args.flat().some((a) => typeof a === 'string' && readsRowPath(a));
  }
  if (ITEM_SCOPED.has(op)) return readsRow(args[0]) || (op === 'reduce' && readsRow(args[2]));
  return readsRow(args);
}

/** `row.<field>` of a bare `{"var":"row.field"}`, or null when the node is something else. */
function rowField(node: unknown): string | null {
  const operationOf = operation(node);
  if (!operationOf || operationOf[0] !== 'var' || operationOf[1].length > 1) return null;
  const path = String(operationOf[1][0] ?? '');
  if (!path.startsWith('row.')) return null;
  const field = path.slice(4);
  if (!FIELD.test(field)) throw compileError(`"${path}" is not a row field name`);
  return field;
}

function constant(node: unknown, context: RuleContext): unknown {
  return evaluateRule(node, context);
}

function compare(op: string, left: unknown, right: unknown, context: RuleContext): SqlCondition {
  let field = rowField(left);
  let other = right;
  let sqlOp = COMPARE_OPS[op]!;
  if (field === null) {
    field = rowField(right);
    other = left;
    sqlOp = SWAPPED[sqlOp];
  }
  if (field === null || readsRow(other)) fail(op, 'needs a row field on one side and no row on the other');
  const value = constant(other, context);
  if (value === null || value === undefined) {
    if (sqlOp === '=' || sqlOp === '<>') return { kind: 'null', field, negated: sqlOp === '<>' };
    fail(op, 'cannot compare a row field with null');
  }
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    fail(op, 'can compare a row field with a string, number or boolean only');
  }
  const test: SqlCondition = { kind: 'compare', field, op: sqlOp === '<>' ? '=' : sqlOp, value };
  // json-logic's != holds for a null field; the compiled form says so explicitly.
  return sqlOp === '<>' ? negate(test) : test;
}

/** The relation a node names when it is `{ "relation": "<name>" }`, else null. */
function relationName(node: unknown): string | null {
  const operationOf = operation(node);
  return operationOf && operationOf[0] === 'relation' && typeof operationOf[1][0] === 'string' ? operationOf[1][0] : null;
}

/**
 * A relation of the caller as a subquery: its `where` over the source rows compiled like a row
 * scope (nested relations become nested subqueries). Null when the relation does not apply to the
 * caller (its `when`), or where rules run without relations: it is then empty.
 */
export function compileRelation(name: string, context: RuleContext): RelationQuery | null {
  if (!context.relations || !relationApplies(context, name)) return null;
  const declaration = context.relations.declaration(name)!;
  return { name, source: declaration.source, value: declaration.value, where: compileRowScope(declaration.where, context) };
}

function within(args: unknown[], context: RuleContext): SqlCondition {
  const field = rowField(args[0]);
  if (field === null || readsRow(args[1])) fail('in', 'needs {"var":"row.field"} first and a list without row second');
  const relation = relationName(args[1]);
  if (relation !== null) {
    const query = compileRelation(relation, context);
    return query === null ? FALSE : { kind: 'inRelation', field, relation: query };
  }
  const list = constant(args[1], context);
  if (!Array.isArray(list) || !list.every((v) => typeof v === 'string' || typeof v === 'number')) {
    fail('in', 'needs a list of strings or numbers');
  }
  return list.length === 0 ? FALSE : { kind: 'in', field, values: list };
}

function compile(node: unknown, context: RuleContext): SqlCondition {
  if (!readsRow(node)) return { kind: 'const', value: ruleHolds(node, context) };
  const operationOf = operation(node);
  if (!operationOf) fail(Array.isArray(node) ? 'array' : 'literal');
  const [op, args] = operationOf;
  switch (op) {
    case 'and': case 'or': return junction(op, args.map((a) => compile(a, context)));
    case '!': return negate(compile(args[0], context));
    case '!!': return compile(args[0], context);
    case 'in': return within(args, context);
    case 'var': {
      const field = rowField(node);
      if (field === null) fail(op, 'must name one row field, with no default');
      return { kind: 'compare', field, op: '=', value: true };
    }
    default:
      if (!(op in COMPARE_OPS)) fail(op);
      if (args.length === 3 && (op === '<' || op === '<=')) {
        return junction('and', [compare(op, args[0], args[1], context), compare(op, args[1], args[2], context)]);
      }
      if (args.length !== 2) fail(op, 'needs two arguments');
      return compare(op, args[0], args[1], context);
  }
}

/**
 * Compiles a row-scope rule (json-logic over `row.*`, `user.*`, `tenant` and the custom
 * operators) into a SqlCondition by partial evaluation: every sub-expression that does not read
 * `row.*` is evaluated now against the context and becomes a constant. No rule: deny (false).
 * Row-reading forms: and, or, !, !!, the comparisons with a bare `{"var":"row.x"}` on one side
 * (null gives a null test), `{"in":[{"var":"row.x"}, list]}`, a bare `{"var":"row.flag"}`
 * (flag = true), and the between form `{"<":[a, {"var":"row.x"}, b]}`. Anything else that reads
 * the row throws RuleCompileError. Kept per caller (caller-memo.ts): the result is frozen.
 */
export function compileRowScope(rule: unknown, context: RuleContext): SqlCondition {
  if (rule === undefined) return FALSE;
  return memoForCaller(rule, context, (e) => e instanceof RuleCompileError, (watched) => {
    const withoutRow: RuleContext = { ...watched };
    delete withoutRow.row;
    return compile(rule, withoutRow);
  });
}
