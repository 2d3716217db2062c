import type { Knex } from 'knex';

export type CompareOp = '=' | '<>' | '<' | '<=' | '>' | '>=';
type Bindable = string | number | boolean;

/** `expr op value` for a field expression (a quoted column or a JSON extraction). */
export function whereExpr(q: Knex.QueryBuilder, expr: Knex.Raw, op: CompareOp, value: Bindable): Knex.QueryBuilder {
  return q.whereRaw(`? ${op} ?`, [expr, value]);
}

export function whereExprIn(q: Knex.QueryBuilder, expr: Knex.Raw, values: readonly (string | number)[] | Knex.QueryBuilder): Knex.QueryBuilder {
  if (Array.isArray(values)) return q.whereRaw(`? in (${values.map(() => '?').join(', ')})`, [expr, ...values]);
  return q.whereRaw('? in ?', [expr, values as Knex.QueryBuilder]);
}

export function whereExprNull(q: Knex.QueryBuilder, expr: Knex.Raw, negated: boolean): Knex.QueryBuilder {
  return q.whereRaw(negated ? '? is not null' : '? is null', [expr]);
}
