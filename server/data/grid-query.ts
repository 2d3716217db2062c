import type { Knex } from 'knex';
import type { GridPlan } from '../../engine/grid/plan-grid-query.js';
import type { Database } from './db.js';
import { entityTable, type EntityTable } from './entity-columns.js';
import { baseQuery, matchesManyValues, textIndexedContains, type TextIndexUse } from './grid-filters.js';
import { rowFromDb, selectList } from './row-mapping.js';
import { selectFirst, selectRows } from './sql-runner.js';

export { fetchGridSummary, type GridSummary } from './grid-summary.js';

/**
 * At most this many matches of a text-indexed Contains filter: fetch them through the field's
 * index and sort. More: walk the sort index and check each row, which finds a page after about
 * (offset + limit) x rows / matches rows. Both cost about the same at 5,000 matches of 1M rows.
 */
export const FETCH_AND_SORT_MAX = 5_000;
/** From this offset on, the page's ids are found first (an index-only walk) and then its rows. */
export const DEFERRED_JOIN_OFFSET = 1_000;

function orderBy(db: Database, q: Knex.QueryBuilder, plan: GridPlan, t: EntityTable): Knex.QueryBuilder {
  for (const s of plan.sort) {
    const dir = s.direction === 'Descending' ? 'desc' : 'asc';
    if (db.dialect === 'pg') q.orderByRaw(`? ${dir} nulls ${dir === 'asc' ? 'first' : 'last'}`, [t.expr(s.field)]);
    else q.orderByRaw(`? ${dir}`, [t.expr(s.field)]);
  }
  return q;
}

/**
 * Few matches: seek them in the field's index; many: walk the sort index (a capped count decides).
 * A term matching more than MANY_TEXT_VALUES distinct values (names of people: nearly every value
 * is its own) is checked with LIKE on the rows, never by listing the values.
 */
async function textIndexUse(db: Database, plan: GridPlan, t: EntityTable): Promise<TextIndexUse> {
  if (!textIndexedContains(plan)) return 'seek';
  if (await matchesManyValues(db, plan)) return 'like';
  const probe = baseQuery(db, plan, t, 'seek').select(db.knex.raw('1')).limit(FETCH_AND_SORT_MAX + 1).as('probe');
  const row = await selectFirst(db, db.knex.from(probe).count({ c: '*' }));
  return Number(row?.c ?? 0) > FETCH_AND_SORT_MAX ? 'check' : 'seek';
}

/** One page of rows, sorted; each row keyed by field id with typed values. */
export async function fetchGridPage(db: Database, plan: GridPlan): Promise<Record<string, unknown>[]> {
  const t = entityTable(db.knex, db.dialect, plan.entity);
  const use = await textIndexUse(db, plan, t);
  const rowsOf = (ids: Knex.QueryBuilder) => db.knex(t.table).select(selectList(db, plan.entity, t)).whereIn(`${t.table}.id`, ids);
  let q: Knex.QueryBuilder;
  if (use === 'seek' && textIndexedContains(plan)) {
    // few matches: their ids through the field's index, then sorted (the planner would walk the sort index)
    q = orderBy(db, rowsOf(baseQuery(db, plan, t, 'seek').select(`${t.table}.id`)), plan, t).limit(plan.limit).offset(plan.offset);
  } else if (plan.offset >= DEFERRED_JOIN_OFFSET) {
    // deep page: the ids through the sort index alone (covering), then only the page's rows
    q = orderBy(db, rowsOf(orderBy(db, baseQuery(db, plan, t, use).select(`${t.table}.id`), plan, t).limit(plan.limit).offset(plan.offset)), plan, t);
  } else {
    q = orderBy(db, baseQuery(db, plan, t, use).select(selectList(db, plan.entity, t)), plan, t).limit(plan.limit).offset(plan.offset);
  }
  const rows = await selectRows(db, q);
  return rows.map((r) => rowFromDb(plan.entity, r));
}

/** Every row in scope (exports), bounded. */
export async function fetchAllRows(db: Database, plan: GridPlan, max: number): Promise<Record<string, unknown>[]> {
  return fetchGridPage(db, { ...plan, offset: 0, limit: max });
}
