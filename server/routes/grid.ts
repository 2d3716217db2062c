import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { GridRequest } from '../../engine/grid/grid-request.js';
import { mayShowDisabled, planGridQuery, type GridPlan } from '../../engine/grid/plan-grid-query.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { holds, settle } from '../rules/evaluate.js';
import type { AppContext } from '../app-context.js';
import { fetchGridPage, fetchGridSummary } from '../data/grid-query.js';
import { deleteRecord, setDisabled } from '../domain/record-commands.js';
import { may, rowFlagsFor } from '../domain/record-access.js';
import { AppError, invalid } from '../errors.js';
import { requireEntityFeature } from '../domain/features.js';
import { answers } from './answer-schemas.js';
import { writeGridPage } from './grid-page-writer.js';
import { withTransitions } from '../domain/workflows/row-transitions.js';
import { withComputedColumns } from '../domain/computed-columns.js';
import { DeletedAnswer, DisableBody, DisabledAnswer, GridPageAnswer, GridBody, GridSummaryAnswer, RecordActionBody } from './grid-schemas.js';

export async function planOrThrow(ctx: AppContext, body: GridRequest, context: RuleContext): Promise<GridPlan> {
  const result = await settle(context, () => planGridQuery(ctx.registry, body, context));
  if (!result.ok) throw result.status === 404 ? new AppError('not-found', result.message) : invalid(result.message, result.errors);
  await requireEntityFeature(ctx, result.plan.entity);
  return result.plan;
}

const tags = ['grid'];

export const gridRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.post('/grid', { schema: { 'x-access': 'signedIn', tags, 'x-read': true, summary: 'A page of a grid\'s rows', body: GridBody, response: answers({ 200: GridPageAnswer }) } }, async (request, reply) => {
    const context = request.caller;
    const plan = await planOrThrow(ctx, request.body, context);
    const rows = await fetchGridPage(ctx.db, plan);
    if (rows.length === 0) return reply.type('text/plain; charset=utf-8').send('No Data');
    // a grid whose rows are no record of its form offers no View (its row actions open them)
    const viewless = plan.grid.view === false ? { canView: false } : null;
    const gridData = await settle(context, () => {
      const flags = rowFlagsFor(plan.entity, context);
      return rows.map((row) => Object.assign(row, flags(row), viewless));
    });
    await withTransitions(ctx, context, plan.grid, plan.entity, gridData);
    await withComputedColumns(ctx, context, plan.grid, gridData);
    const page = { gridData, columns: plan.grid.columns };
    // a custom serializer leaves the content type to the route: the page is JSON
    reply.type('application/json; charset=utf-8').serializer(writeGridPage as (payload: unknown) => string);
    return page;
  });

  app.post('/grid/summary', { schema: { 'x-access': 'signedIn', tags, 'x-read': true, summary: 'A grid\'s total, latest update and what the caller may do', body: GridBody, response: answers({ 200: GridSummaryAnswer }) } }, async (request) => {
    const context = request.caller;
    const plan = await planOrThrow(ctx, request.body, context);
    const summary = await fetchGridSummary(ctx.db, plan);
    const { ownerField } = plan.entity;
    // a grid of everyone's rows with its own addNew rule adds the caller's own record, as the form saves one without a primary entity
    const draftOwner = plan.ownerId ?? (plan.grid.addNew !== undefined ? context.user.id : null);
    const draft = ownerField ? (draftOwner === null ? null : { [ownerField]: draftOwner }) : {};
    const canAdd = draft !== null && await holds(context, plan.grid.addNew, true) && await may(plan.entity, 'create', context, draft);
    return { ...summary, pageSize: plan.grid.pageSize ?? 5, canAdd, canIncludeDisabled: await settle(context, () => mayShowDisabled(plan.grid, context)) };
  });

  app.post('/grid/disable', { schema: { 'x-access': 'signedIn', tags, summary: 'Disable or enable a record', body: DisableBody, response: answers({ 200: DisabledAnswer }) } }, async (request) => {
    const context = request.caller;
    const { entityTypeId, entityId, disable } = request.body;
    return setDisabled(ctx, context, entityTypeId, entityId, disable);
  });

  app.post('/grid/delete', { schema: { 'x-access': 'signedIn', tags, summary: 'Delete a record', body: RecordActionBody, response: answers({ 200: DeletedAnswer }) } }, async (request) => {
    const context = request.caller;
    const { entityTypeId, entityId } = request.body;
    return deleteRecord(ctx, context, entityTypeId, entityId);
  });
};
