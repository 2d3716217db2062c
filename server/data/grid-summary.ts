import type { Knex } from 'knex';
import type { GridPlan } from '../../engine/grid/plan-grid-query.js';
import { GRID_COUNT_CAP } from '../../engine/grid/grid-request.js';
import type { Database } from './db.js';
import { entityTable, type EntityTable } from './entity-columns.js';
import { baseQuery, textIndexedContains } from './grid-filters.js';
import { textIndexMatch } from './text-index.js';
import { selectFirst } from './sql-runner.js';

export interface GridSummary {
  total: number;
  /** true when there are more rows than GRID_COUNT_CAP: total is a lower bound ('10,000+') */
  totalCapped: boolean;
  maxUpdatedDate: string | null;
}

/**
 * The latest update among the rows in scope (SQLite: see the owner case below). With a Contains filter on a text-indexed column of a
 * table, the maximum is taken per matching value (one index seek each on (column, ..., updated_at))
 * instead of over every matching row: the maximum of the per-value maxima is the same value.
 */
function maxUpdatedQuery(db: Database, plan: GridPlan, t: EntityTable): Knex.QueryBuilder {
  const contains = textIndexedContains(plan);
  if (!contains || t.typeFilter) {
    // One person's rows are few: SQLite must not walk the (disabled, updated_at) index looking for them.
    const m = db.dialect === 'sqlite' && plan.ownerId !== null ? db.knex.raw('max(+??) as ??', ['updated_at', 'm']) : db.knex.raw('max(??) as ??', ['updated_at', 'm']);
    return baseQuery(db, plan, t).select(m);
  }
  const perValue = baseQuery(db, plan, t, 'omit').max('updated_at').whereRaw('? = ??', [t.expr(contains.field), 'tv.value']);
  const values = textIndexMatch(db, plan.entity.id, contains.field, String(contains.value)).as('tv');
  return db.knex.from(values).select(db.knex.raw('max((?)) as ??', [perValue, 'm']));
}

/** Total (capped) and the latest update among the rows the caller may see. */
export async function fetchGridSummary(db: Database, plan: GridPlan): Promise<GridSummary> {
  const t = entityTable(db.knex, db.dialect, plan.entity);
  const limited = baseQuery(db, plan, t).select(db.knex.raw('1')).limit(GRID_COUNT_CAP + 1).as('capped');
  const [countRow, maxRow] = await Promise.all([
    selectFirst(db, db.knex.from(limited).count({ c: '*' })),
    selectFirst(db, maxUpdatedQuery(db, plan, t)),
  ]);
  const count = Number(countRow?.c ?? 0);
  const max = (maxRow?.m as string | null | undefined) ?? null;
  return { total: Math.min(count, GRID_COUNT_CAP), totalCapped: count > GRID_COUNT_CAP, maxUpdatedDate: max };
}
