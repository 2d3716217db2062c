import type { FastifyInstance } from 'fastify';
import type { GridRequest } from '../../engine/grid/grid-request.js';
import { mayShowDisabled, planGridQuery, type GridPlan } from '../../engine/grid/plan-grid-query.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { ruleHolds } from '../../engine/rules/json-logic.js';
import { callerContext, type AppContext } from '../app-context.js';
import { fetchGridPage, fetchGridSummary } from '../data/grid-query.js';
import { deleteRecord, setDisabled } from '../domain/record-commands.js';
import { may, rowFlagsFor } from '../domain/record-access.js';
import { AppError, invalid } from '../errors.js';
import { DisableBody, GridBody, RecordActionBody } from './grid-schemas.js';

export function planOrThrow(ctx: AppContext, body: GridRequest, context: RuleContext): GridPlan {
  const result = planGridQuery(ctx.registry, body, context);
  if (!result.ok) throw result.status === 404 ? new AppError('not-found', result.message) : invalid(result.message, result.errors);
  return result.plan;
}

export async function gridRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.post('/grid', { schema: { body: GridBody } }, async (request, reply) => {
    const context = await callerContext(request);
    const plan = planOrThrow(ctx, request.body as GridRequest, context);
    const rows = await fetchGridPage(ctx.db, plan);
    if (rows.length === 0) return reply.type('text/plain; charset=utf-8').send('No Data');
    const flags = rowFlagsFor(plan.entity, context);
    return {
      gridData: rows.map((row) => Object.assign(row, flags(row))),
      columns: plan.grid.columns,
    };
  });

  app.post('/grid/summary', { schema: { body: GridBody } }, async (request) => {
    const context = await callerContext(request);
    const plan = planOrThrow(ctx, request.body as GridRequest, context);
    const summary = await fetchGridSummary(ctx.db, plan);
    const { ownerField } = plan.entity;
    const draft = ownerField ? (plan.ownerId === null ? null : { [ownerField]: plan.ownerId }) : {};
    const canAdd = draft !== null && ruleHolds(plan.grid.addNew, context, true) && may(plan.entity, 'create', context, draft);
    return { ...summary, pageSize: plan.grid.pageSize ?? 5, canAdd, canIncludeDisabled: mayShowDisabled(plan.grid, context) };
  });

  app.post('/grid/disable', { schema: { body: DisableBody } }, async (request) => {
    const context = await callerContext(request);
    const body = request.body as { entityTypeId: number; entityId: number; disable: boolean };
    return setDisabled(ctx, context, body.entityTypeId, body.entityId, body.disable);
  });

  app.post('/grid/delete', { schema: { body: RecordActionBody } }, async (request) => {
    const context = await callerContext(request);
    const body = request.body as { entityTypeId: number; entityId: number };
    return deleteRecord(ctx, context, body.entityTypeId, body.entityId);
  });
}
