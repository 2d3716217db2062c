import { GRID_COUNT_CAP } from '../../../engine/grid/grid-request.js';
import { planGridQuery, type GridPlan } from '../../../engine/grid/plan-grid-query.js';
import type { WorkCount, WorkItem } from '../../../engine/metadata/work-schema.js';
import { compileRowScope } from '../../../engine/rules/rule-to-sql.js';
import { junction } from '../../../engine/rules/sql-condition.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { entityTable } from '../../data/entity-columns.js';
import { cappedCount } from '../../data/grid-summary.js';

export interface CountedWork {
  id: string;
  label: string;
  route: string;
  count: number;
  /** more than the count cap: count is a lower bound */
  capped: boolean;
}

export interface WorkAnswer {
  id: string;
  title: string;
  /** false: a slot another release fills (messages, notifications) */
  counted: boolean;
  counts: CountedWork[];
}

/** The plan of an unfiltered first page of the grid, as its screen asks for it. */
function gridPlan(ctx: AppContext, context: RuleContext, gridId: string): GridPlan {
  const grid = ctx.registry.grids.get(gridId);
  const result = grid && planGridQuery(ctx.registry, { entityTypeId: grid.entityTypeId, formId: grid.formId, altGridId: grid.altGridId ?? null }, context);
  // metadata:check proves the grid exists; a grid the request cannot name back is a metadata defect
  if (!result?.ok || result.plan.grid.id !== gridId) throw new Error(`work count: grid '${gridId}' cannot be planned`);
  return result.plan;
}

/**
 * The rows of the count's grid the caller may see on its screen (the grid's owner mode, access
 * scope, default filters), narrowed by the count's filter rule - all counted in SQL.
 */
async function countOne(ctx: AppContext, context: RuleContext, c: WorkCount): Promise<CountedWork> {
  const plan = gridPlan(ctx, context, c.gridId);
  const narrowed = c.filter === undefined ? plan : { ...plan, scope: junction('and', [plan.scope, compileRowScope(c.filter, context)]) };
  const n = await cappedCount(ctx.db, narrowed, entityTable(ctx.db.knex, ctx.db.dialect, plan.entity));
  const label = n === 1 && c.labelOne ? c.labelOne : c.label;
  return { id: c.id, label, route: c.route, count: Math.min(n, GRID_COUNT_CAP), capped: n > GRID_COUNT_CAP };
}

/** The work items of the caller's active role, each count being exactly rows they may see. */
export async function workOf(ctx: AppContext, context: RuleContext): Promise<WorkAnswer[]> {
  const items = ctx.registry.work.filter((w: WorkItem) => w.roles.includes(context.user.activeRole));
  const answers: WorkAnswer[] = [];
  for (const item of items) {
    const counts: CountedWork[] = [];
    for (const c of item.counts ?? []) counts.push(await countOne(ctx, context, c));
    answers.push({ id: item.id, title: item.title, counted: item.counts !== undefined, counts });
  }
  return answers;
}
