import type { Knex } from 'knex';
import type { SqlCondition } from '../../engine/rules/sql-condition.js';
import type { EntityTable } from './entity-columns.js';
import { whereExpr, whereExprIn, whereExprNull } from './where.js';

/** Adds a compiled row-scope condition to a query: access enforced in SQL. */
export function applyCondition(q: Knex.QueryBuilder, cond: SqlCondition, t: EntityTable): void {
  switch (cond.kind) {
    case 'const':
      if (!cond.value) q.whereRaw('1 = 0');
      return;
    case 'compare':
      whereExpr(q, t.expr(cond.field), cond.op, cond.value);
      return;
    case 'null':
      whereExprNull(q, t.expr(cond.field), cond.negated);
      return;
    case 'in':
      if (cond.values.length === 0) q.whereRaw('1 = 0');
      else whereExprIn(q, t.expr(cond.field), cond.values);
      return;
    case 'not':
      q.whereNot((b) => applyCondition(b, cond.item, t));
      return;
    case 'and':
      for (const item of cond.items) q.where((b) => applyCondition(b, item, t));
      return;
    case 'or':
      q.where((outer) => {
        for (const item of cond.items) outer.orWhere((b) => applyCondition(b, item, t));
      });
      return;
  }
}
