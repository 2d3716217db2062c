import type { Knex } from 'knex';
import type { GridPlan } from '../../engine/grid/plan-grid-query.js';
import type { Database } from './db.js';
import { entityTable, type EntityTable } from './entity-columns.js';
import { baseQuery, probeContains, textIndexedContains, type ContainsProbe, type TextIndexUse } from './grid-filters.js';
import { rowFromDb, selectList } from './row-mapping.js';
import { selectPage } from './page-statements.js';
import { selectRows } from './sql-runner.js';
import { valuesInOrder } from './text-index.js';
import { whereExprIn } from './where.js';

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
 * Few matches: seek them in the field's index; many: walk the sort index (the probe's capped count
 * decides). A term matching more than MANY_TEXT_VALUES distinct values (names of people: nearly
 * every value is its own) is checked with LIKE on the rows, never by listing the values.
 */
async function textIndexUse(db: Database, plan: GridPlan, t: EntityTable): Promise<{ use: TextIndexUse; probe: ContainsProbe | null }> {
  const probe = await probeContains(db, plan, t, FETCH_AND_SORT_MAX);
  if (!probe) return { use: 'seek', probe };
  if (probe.manyValues) return { use: 'like', probe };
  return { use: probe.rows > FETCH_AND_SORT_MAX ? 'check' : 'seek', probe };
}

/**
 * A term that many values contain, on the field the grid is sorted by, as the only filter: the
 * page's rows hold the first matching values in that order, which the text index lists by walking
 * its values (a view of several tables may be planned from a table that is not in the sort's order
 * and would sort every match). Enough values: the page is full, or no value is left. Null when the
 * page lies too deep for a list of values.
 */
async function pageFromSortedValues(db: Database, plan: GridPlan, t: EntityTable): Promise<Record<string, unknown>[] | null> {
  const contains = textIndexedContains(plan)!;
  const sort = plan.sort[0];
  if (!sort || sort.field !== contains.field || plan.filters.length !== 1) return null;
  const direction = sort.direction === 'Descending' ? 'desc' : 'asc';
  for (let want = plan.offset + plan.limit; want <= FETCH_AND_SORT_MAX; want *= 4) {
    const values = (await selectRows(db, valuesInOrder(db, plan.entity.id, contains.field, String(contains.value), direction, want))).map((r) => String(r.value));
    if (values.length === 0) return [];
    const q = whereExprIn(baseQuery(db, plan, t, 'omit').select(selectList(db, plan.entity, t)), t.expr(contains.field), values);
    const rows = await selectRows(db, orderBy(db, q, plan, t).limit(plan.limit).offset(plan.offset));
    if (rows.length === plan.limit || values.length < want) return rows.map((r) => rowFromDb(plan.entity, r));
  }
  return null;
}

/** One page of rows, sorted; each row keyed by field id with typed values. */
export async function fetchGridPage(db: Database, plan: GridPlan): Promise<Record<string, unknown>[]> {
  const t = entityTable(db.knex, db.dialect, plan.entity);
  const { use, probe } = await textIndexUse(db, plan, t);
  // the probe counted the plan's rows: none, nothing to read
  if (probe && !probe.manyValues && probe.rows === 0) return [];
  if (use === 'like') {
    const page = await pageFromSortedValues(db, plan, t);
    if (page) return page;
  }
  const rowsOf = (ids: Knex.QueryBuilder) => db.knex(t.table).select(selectList(db, plan.entity, t)).whereIn(`${t.table}.id`, ids);
  // the probe's few values named: the plain form below seeks them directly (one view to plan, not two)
  const named = (probe?.values?.length ?? 0) > 0;
  const page = (): Knex.QueryBuilder => {
    if (use === 'seek' && textIndexedContains(plan) && !named) {
      // few matches: their ids through the field's index, then sorted (the planner would walk the sort index)
      return orderBy(db, rowsOf(baseQuery(db, plan, t, 'seek').select(`${t.table}.id`)), plan, t).limit(plan.limit).offset(plan.offset);
    }
    if (plan.offset >= DEFERRED_JOIN_OFFSET) {
      // deep page: the ids through the sort index alone (covering), then only the page's rows
      return orderBy(db, rowsOf(orderBy(db, baseQuery(db, plan, t, use, probe?.values).select(`${t.table}.id`), plan, t).limit(plan.limit).offset(plan.offset)), plan, t);
    }
    // the page's size written into the text (a whole number the plan checked): the statement is kept per plan anyway
    return orderBy(db, baseQuery(db, plan, t, use, probe?.values).select(selectList(db, plan.entity, t)), plan, t).limit(plan.limit, { skipBinding: true }).offset(plan.offset);
  };
  // without a text-indexed filter the statement follows from the plan alone: built once per plan
  const rows = probe ? await selectRows(db, page()) : await selectPage(db, plan, page);
  return rows.map((r) => rowFromDb(plan.entity, r));
}

/** Every row in scope (exports), bounded. */
export async function fetchAllRows(db: Database, plan: GridPlan, max: number): Promise<Record<string, unknown>[]> {
  return fetchGridPage(db, { ...plan, offset: 0, limit: max });
}
