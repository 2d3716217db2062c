import type { Knex } from 'knex';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { GridPlan } from '../../engine/grid/plan-grid-query.js';
import type { PlannedFilter } from '../../engine/grid/plan-filter.js';
import { GRID_COUNT_CAP } from '../../engine/grid/grid-request.js';
import type { Database } from './db.js';
import { applyCondition } from './apply-condition.js';
import { entityTable, type EntityTable } from './entity-columns.js';
import { containsPattern, textIndexMatch } from './text-index.js';
import { rowFromDb, selectList } from './row-mapping.js';
import { whereExpr, whereExprIn } from './where.js';

/** Rows the plan may see: entity type, owner, access scope, disabled and filters. Nothing selected yet. */
function baseQuery(db: Database, plan: GridPlan, t: EntityTable): Knex.QueryBuilder {
  const q = db.knex(t.table);
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  if (plan.ownerId !== null) whereExpr(q, t.expr(plan.entity.ownerField!), '=', plan.ownerId);
  if (!plan.includeDisabled) q.where('disabled', false);
  applyCondition(q, plan.scope, t);
  for (const f of plan.filters) applyFilter(db, q, f, plan.entity, t);
  return q;
}

function applyFilter(db: Database, q: Knex.QueryBuilder, f: PlannedFilter, entity: Entity, t: EntityTable): void {
  const col = t.expr(f.field);
  switch (f.operation) {
    case 'Contains': {
      const field = entity.fields.find((x) => x.id === f.field);
      if (field?.textIndex) whereExprIn(q, col, textIndexMatch(db, entity.id, f.field, String(f.value)));
      else q.whereRaw(`lower(?) like ? escape '\\'`, [col, containsPattern(String(f.value))]);
      return;
    }
    case 'Equals':
      if (typeof f.value === 'string') q.whereRaw('lower(?) = ?', [col, f.value.toLowerCase()]);
      else whereExpr(q, col, '=', f.value);
      return;
    case 'OnDate':
      if (f.type === 'datetime') whereExpr(whereExpr(q, col, '>=', f.value), col, '<', nextDay(String(f.value)));
      else whereExpr(q, col, '=', f.value);
      return;
    case 'GreaterThan':
      whereExpr(q, col, f.type === 'datetime' ? '>=' : '>', f.type === 'datetime' ? nextDay(String(f.value)) : f.value);
      return;
    case 'LessThan':
      whereExpr(q, col, '<', f.value);
      return;
  }
}

function nextDay(iso: string): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** One page of rows, sorted; each row keyed by field id with typed values. */
export async function fetchGridPage(db: Database, plan: GridPlan): Promise<Record<string, unknown>[]> {
  const t = entityTable(db.knex, db.dialect, plan.entity);
  const q = baseQuery(db, plan, t).select(selectList(db, plan.entity, t));
  for (const s of plan.sort) {
    const dir = s.direction === 'Descending' ? 'desc' : 'asc';
    if (db.dialect === 'pg') q.orderByRaw(`? ${dir} nulls ${dir === 'asc' ? 'first' : 'last'}`, [t.expr(s.field)]);
    else q.orderByRaw(`? ${dir}`, [t.expr(s.field)]);
  }
  q.limit(plan.limit).offset(plan.offset);
  const rows = (await q) as Record<string, unknown>[];
  return rows.map((r) => rowFromDb(plan.entity, r));
}

export interface GridSummary {
  total: number;
  /** true when there are more rows than GRID_COUNT_CAP: total is a lower bound ('10,000+') */
  totalCapped: boolean;
  maxUpdatedDate: string | null;
}

/** Total (capped) and the latest update among the rows the caller may see. */
export async function fetchGridSummary(db: Database, plan: GridPlan): Promise<GridSummary> {
  const t = entityTable(db.knex, db.dialect, plan.entity);
  const limited = baseQuery(db, plan, t).select(db.knex.raw('1')).limit(GRID_COUNT_CAP + 1).as('capped');
  const [countRow, maxRow] = await Promise.all([
    db.knex.from(limited).count({ c: '*' }).first(),
    baseQuery(db, plan, t).max({ m: 'updated_at' }).first(),
  ]);
  const count = Number((countRow as { c: number | string } | undefined)?.c ?? 0);
  const max = (maxRow as { m: string | null } | undefined)?.m ?? null;
  return { total: Math.min(count, GRID_COUNT_CAP), totalCapped: count > GRID_COUNT_CAP, maxUpdatedDate: max };
}

/** Every row in scope (exports), bounded. */
export async function fetchAllRows(db: Database, plan: GridPlan, max: number): Promise<Record<string, unknown>[]> {
  return fetchGridPage(db, { ...plan, offset: 0, limit: max });
}
