import type { Knex } from 'knex';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { GridPlan } from '../../engine/grid/plan-grid-query.js';
import type { SqlCondition } from '../../engine/rules/sql-condition.js';
import type { Database } from './db.js';
import { selectNative, type NativeStatement } from './sql-runner.js';

/**
 * The SQL of a grid page kept per record type and plan, so that knex builds a page's statement
 * once and not on every request (about a tenth of a grid request's CPU). The key spells out all
 * of the plan that the statement is made of (owner, disabled rows, scope, filters, sort, page),
 * values included, so equal keys mean equal statements. Kept per record type object: a publish
 * makes new ones. Bounded per record type.
 */
const MAX_PER_ENTITY = 500;
const built = new WeakMap<Entity, Map<string, NativeStatement>>();

function conditionKey(c: SqlCondition): string {
  switch (c.kind) {
    case 'and': case 'or': return `${c.kind}(${c.items.map(conditionKey).join(',')})`;
    case 'not': return `not(${conditionKey(c.item)})`;
    case 'inRelation': return `in(${JSON.stringify([c.field, c.relation.name, c.relation.source.id, c.relation.value])},${conditionKey(c.relation.where)})`;
    default: return JSON.stringify(c);
  }
}

function planKey(db: Database, plan: GridPlan): string {
  return `${JSON.stringify([db.dialect, plan.ownerId, plan.includeDisabled, plan.offset, plan.limit, plan.sort, plan.filters])}${conditionKey(plan.scope)}`;
}

/** The rows of the page's statement, which `build` makes the first time this plan is asked for. */
export async function selectPage(db: Database, plan: GridPlan, build: () => Knex.QueryBuilder): Promise<Record<string, unknown>[]> {
  let statements = built.get(plan.entity);
  if (!statements) built.set(plan.entity, (statements = new Map()));
  const key = planKey(db, plan);
  let statement = statements.get(key);
  if (!statement) {
    const native = build().toSQL().toNative();
    statement = { sql: native.sql, bindings: native.bindings };
    if (statements.size >= MAX_PER_ENTITY) statements.clear();
    statements.set(key, statement);
  }
  return selectNative(db, statement);
}
