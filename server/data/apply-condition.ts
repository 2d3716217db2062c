import type { Knex } from 'knex';
import type { RelationQuery, SqlCondition } from '../../engine/rules/sql-condition.js';
import type { Database } from './db.js';
import { entityTable, type EntityTable } from './entity-columns.js';
import { whereExpr, whereExprIn, whereExprNull } from './where.js';

/** Adds a compiled row-scope condition to a query: access enforced in SQL, relations as subqueries. */
export function applyCondition(q: Knex.QueryBuilder, cond: SqlCondition, t: EntityTable, db: Database): void {
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
    case 'inRelation':
      whereExprIn(q, t.expr(cond.field), relationSubquery(db, cond.relation));
      return;
    case 'not':
      q.whereNot((b) => applyCondition(b, cond.item, t, db));
      return;
    case 'and':
      for (const item of cond.items) q.where((b) => applyCondition(b, item, t, db));
      return;
    case 'or':
      q.where((outer) => {
        for (const item of cond.items) outer.orWhere((b) => applyCondition(b, item, t, db));
      });
      return;
  }
}

/**
 * A relation of the caller as SQL: the values of its field over the source rows its condition
 * selects (a relation inside it is a nested subquery). Null values are never part of a relation.
 */
export function relationSubquery(db: Database, relation: RelationQuery): Knex.QueryBuilder {
  const t = entityTable(db.knex, db.dialect, relation.source);
  const value = t.expr(relation.value);
  const q = db.knex(t.table).select(value);
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  q.whereRaw('? is not null', [value]);
  applyCondition(q, relation.where, t, db);
  return q;
}
