import { GRID_COUNT_CAP } from '../../../engine/grid/grid-request.js';
import { rowScope, settle } from '../../rules/evaluate.js';
import { planGridQuery, type GridPlan } from '../../../engine/grid/plan-grid-query.js';
import type { WORK_UNREAD_INBOXES, WorkCount, WorkItem } from '../../../engine/metadata/work-schema.js';
import { junction } from '../../../engine/rules/sql-condition.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { entityTable } from '../../data/entity-columns.js';
import { cappedCount } from '../../data/grid-summary.js';
import { messageCount } from '../messages/message-list.js';
import { notificationCount } from '../notifications/notification-rows.js';

export interface CountedWork {
  id: string;
  label: string;
  route: string;
  /** the link's query parameters */
  query?: Record<string, string>;
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
async function gridPlan(ctx: AppContext, context: RuleContext, gridId: string): Promise<GridPlan> {
  const grid = ctx.registry.grids.get(gridId);
  const result = grid && await settle(context, () => planGridQuery(ctx.registry, { entityTypeId: grid.entityTypeId, formId: grid.formId, altGridId: grid.altGridId ?? null }, context));
  // metadata:check proves the grid exists; a grid the request cannot name back is a metadata defect
  if (!result?.ok || result.plan.grid.id !== gridId) throw new Error(`work count: grid '${gridId}' cannot be planned`);
  return result.plan;
}

/**
 * The rows of the count's grid the caller may see on its screen (the grid's owner mode, access
 * scope, default filters), narrowed by the count's filter rule - all counted in SQL.
 */
async function countOne(ctx: AppContext, context: RuleContext, c: WorkCount): Promise<CountedWork> {
  const n = c.unread !== undefined ? await UNREAD[c.unread](ctx, context.user.id) : await gridCount(ctx, context, c.gridId!, c);
  const label = n === 1 && c.labelOne ? c.labelOne : c.label;
  return { id: c.id, label, route: c.route, ...(c.query ? { query: c.query } : {}), count: Math.min(n, GRID_COUNT_CAP), capped: n > GRID_COUNT_CAP };
}

/** The count's grid rows, as described above. */
async function gridCount(ctx: AppContext, context: RuleContext, gridId: string, c: WorkCount): Promise<number> {
  const plan = await gridPlan(ctx, context, gridId);
  const narrowed = c.filter === undefined ? plan : { ...plan, scope: junction('and', [plan.scope, await rowScope(context, c.filter)]) };
  return cappedCount(ctx.db, narrowed, entityTable(ctx.db.knex, ctx.db.dialect, plan.entity));
}

/** The person's unread Inbox items, by inbox (the header badges count the same). */
const UNREAD: Record<(typeof WORK_UNREAD_INBOXES)[number], (ctx: AppContext, userId: number) => Promise<number>> = {
  messages: (ctx, userId) => messageCount(ctx.db.knex, userId, 'Inbox', 'Unread'),
  notifications: (ctx, userId) => notificationCount(ctx.db.knex, userId, 'Inbox', 'Unread'),
};

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
