import type { Knex } from 'knex';
import type { GridPlan } from '../../engine/grid/plan-grid-query.js';
import { GRID_COUNT_CAP } from '../../engine/grid/grid-request.js';
import type { Database } from './db.js';
import { entityTable, type EntityTable } from './entity-columns.js';
import { baseQuery, matchingValues, probeContains, textIndexedContains, type TextIndexUse } from './grid-filters.js';
import { selectFirst } from './sql-runner.js';

export interface GridSummary {
  total: number;
  /** true when there are more rows than GRID_COUNT_CAP: total is a lower bound ('1,000+') */
  totalCapped: boolean;
  maxUpdatedDate: string | null;
}

/**
 * The latest update among the rows in scope (SQLite: see the owner case below). With a Contains filter on a text-indexed column of a
 * table, the maximum is taken per matching value (one index seek each on (column, ..., updated_at))
 * instead of over every matching row: the maximum of the per-value maxima is the same value.
 */
function maxUpdatedQuery(db: Database, plan: GridPlan, t: EntityTable, use: TextIndexUse, known: readonly string[] | null): Knex.QueryBuilder {
  if (use === 'like') {
    // many matching values: the newest matching row, walking the rows from the newest (an index on updated_at)
    // nulls are left out, so plain desc (PostgreSQL: nulls first) walks an ascending index backwards on both databases
    return baseQuery(db, plan, t, 'like').whereNotNull('updated_at').select({ m: 'updated_at' }).orderByRaw('?? desc', ['updated_at']).limit(1);
  }
  const contains = textIndexedContains(plan);
  if (!contains || t.typeFilter) {
    // One person's rows are few: SQLite must not walk the (disabled, updated_at) index looking for them.
    const m = db.dialect === 'sqlite' && plan.ownerId !== null ? db.knex.raw('max(+??) as ??', ['updated_at', 'm']) : db.knex.raw('max(??) as ??', ['updated_at', 'm']);
    return baseQuery(db, plan, t).select(m);
  }
  const perValue = baseQuery(db, plan, t, 'omit').max('updated_at').whereRaw('? = ??', [t.expr(contains.field), 'tv.value']);
  const values = matchingValues(db, plan.entity, contains, known).as('tv');
  return db.knex.from(values).select(db.knex.raw('max((?)) as ??', [perValue, 'm']));
}

/** Above this many estimated rows an unfiltered table is surely over the cap: no count is run. */
export const ESTIMATE_THRESHOLD = GRID_COUNT_CAP * 10;

/**
 * On PostgreSQL, a whole table seen without filters (an administrator's list) is counted from the
 * planner's estimate when that is far above the cap: the answer ('1,000+') is the same, without
 * reading ten thousand index entries. Anything filtered, scoped or owned is counted (capped).
 */
async function surelyOverCap(db: Database, plan: GridPlan, t: EntityTable): Promise<boolean> {
  if (db.dialect !== 'pg' || t.typeFilter || plan.ownerId !== null || plan.filters.length > 0 || plan.scope.kind !== 'const' || !plan.scope.value) return false;
  const row = await selectFirst(db, db.knex('pg_class').select(db.knex.raw('reltuples::bigint as n')).whereRaw('oid = ?::regclass', [t.table]));
  return Number(row?.n ?? 0) > ESTIMATE_THRESHOLD;
}

/** How many rows the plan sees (at most GRID_COUNT_CAP + 1), counted in SQL. */
export async function cappedCount(db: Database, plan: GridPlan, t: EntityTable): Promise<number> {
  if (await surelyOverCap(db, plan, t)) return GRID_COUNT_CAP + 1;
  const limited = baseQuery(db, plan, t).select(db.knex.raw('1')).limit(GRID_COUNT_CAP + 1).as('capped');
  return Number((await selectFirst(db, db.knex.from(limited).count({ c: '*' })))?.c ?? 0);
}

/**
 * Total (capped) and the latest update among the rows the caller may see. With a text-indexed
 * Contains, its probe counts the rows too (up to the cap) unless the term matches many values.
 */
export async function fetchGridSummary(db: Database, plan: GridPlan): Promise<GridSummary> {
  const t = entityTable(db.knex, db.dialect, plan.entity);
  const probe = await probeContains(db, plan, t, GRID_COUNT_CAP);
  // the probe counted the plan's rows: none, no latest update either
  if (probe && !probe.manyValues && probe.rows === 0) return summaryOf(0, null);
  if (probe?.manyValues) return likeSummary(db, plan, t);
  const [count, maxRow] = await Promise.all([
    probe ? probe.rows : cappedCount(db, plan, t),
    selectFirst(db, maxUpdatedQuery(db, plan, t, 'seek', probe?.values ?? null)),
  ]);
  return summaryOf(count, maxRow?.m);
}

/**
 * A term most values hold (rows checked with LIKE): the capped count reads the matching rows, and
 * when they are not more than the cap, their latest update in the same statement. Only beyond the
 * cap is the latest update found by walking the rows from the newest. With another filter leaving
 * few matches (an agency's 300 people holding 'person1'), that walk passes every newer row first:
 * PostgreSQL, expecting the matches spread evenly, walked 80,000 newer people to reach an old
 * agency's, each checked against all 300 matches (2.3 s; reading the 300 and taking their maximum: 2 ms).
 */
async function likeSummary(db: Database, plan: GridPlan, t: EntityTable): Promise<GridSummary> {
  const rows = baseQuery(db, plan, t, 'like').select('updated_at').limit(GRID_COUNT_CAP + 1).as('capped');
  const counted = await selectFirst(db, db.knex.from(rows).select(db.knex.raw('count(*) as ??, max(??) as ??', ['c', 'updated_at', 'm'])));
  const count = Number(counted?.c ?? 0);
  if (count <= GRID_COUNT_CAP) return summaryOf(count, counted?.m);
  return summaryOf(count, (await selectFirst(db, maxUpdatedQuery(db, plan, t, 'like', null)))?.m);
}

function summaryOf(count: number, max: unknown): GridSummary {
  return { total: Math.min(count, GRID_COUNT_CAP), totalCapped: count > GRID_COUNT_CAP, maxUpdatedDate: (max as string | null | undefined) ?? null };
}
